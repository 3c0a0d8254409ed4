/*
 * The slice's views, for views that load on demand (docs/performance.md "Bundle"): index.ts, which the entry
 * imports, exports its views only lazily, so importing this file from the entry would put them back
 * into the first screen's bundle.
 */
export { InviteButton } from './ui/invite-actions';
