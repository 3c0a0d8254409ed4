export { FarmingLinkMaker } from './ui/farming-link-maker';
