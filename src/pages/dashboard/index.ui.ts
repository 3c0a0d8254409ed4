/*
 * What the dashboard loads on demand (docs/performance.md "Bundle"): the price chart's full-screen model
 * comes with the chart section's chunk. Importing this file from the entry would put it back there.
 */
export * as chartFullscreenModel from './model/chart-fullscreen';
