import { mintRoute } from './model/routes';
import { MintPage } from './ui/pages';

export const mintPage = { route: mintRoute, view: MintPage };
