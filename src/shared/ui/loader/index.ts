export { APP_NAME, FullPageLoader } from './full-page-loader';
