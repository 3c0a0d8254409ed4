export { copyClicked, farmLinkShown, shareClicked } from './model/share-farm-link';
export { FarmLinkRow } from './ui/farm-link-actions';
export { FarmLinkModal } from './ui/farm-link-modal';
export * as shareFarmLinkModel from './model';
