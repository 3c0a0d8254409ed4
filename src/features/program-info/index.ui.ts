/*
 * The slice's view and the rules' model it brings, for views that load on demand (docs/performance.md
 * "Bundle"): widgets/info-sheet composes the sheet with its settings rows and loads them as one chunk.
 */
export { InfoSheet } from './ui/info-sheet';
export * as programRulesModel from './model/rules';
