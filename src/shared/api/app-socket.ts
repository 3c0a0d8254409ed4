import { $accessToken } from './session';
import { createSocketModel, socketUrl } from './socket';

/**
 * The app's one connection to the main socket (docs/product.md §7). The session entity starts it once signed in
 * (and again with new tokens); each entity subscribes to its own events with `eventReceived`.
 * The latest access token is sent first on every (re)connection.
 */
export const appSocket = createSocketModel({ url: () => socketUrl(), tokenSource: $accessToken });
