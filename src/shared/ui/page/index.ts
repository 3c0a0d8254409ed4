export { MessageScreen, Page, pageClassNames } from './page';
