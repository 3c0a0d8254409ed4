/*
 * The slice's views, for views that load on demand (docs/performance.md "Bundle"): index.ts, which the entry's
 * models import, exports no view, so importing this file from the entry would put them back into the
 * first screen's bundle.
 */
export { CreateFarmingLinkForm } from './ui/create-farming-link-form';
