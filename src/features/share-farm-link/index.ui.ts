/*
 * The slice's views for views that load on demand (docs/performance.md "Bundle"): index.ts, which the entry's
 * models import, exports none of them eagerly, so importing this file from the entry would put them
 * back into the first screen's bundle.
 */
export { FarmLinkRow } from './ui/farm-link-actions';
