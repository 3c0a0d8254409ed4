export {
  codesToShare,
  isCancellable,
  linkSource,
  refundOnCancel,
  shownTimes,
  type FarmingSource,
} from './lib/link-facts';
export {
  $hasMoreLinks,
  $links,
  $linksFailed,
  $linksLoaded,
  $linksLoading,
  $linksTotal,
  linkUpdated,
  linksRequested,
  moreLinksRequested,
} from './model/links';
export * as farmingLinkModel from './model';
