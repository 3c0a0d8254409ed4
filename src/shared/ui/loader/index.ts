export { FullPageLoader } from './full-page-loader';
