export { MessageScreen, Page } from './page';
