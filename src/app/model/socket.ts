import { sample } from 'effector';
import { signedIn } from '@/entities/session';
import { balanceUpdated, collectiveBonusUpdated, userRequested } from '@/entities/user';
import { $accessToken, createSocketModel, socketUrl, tokensReceived } from '@/shared/api';

/**
 * The main socket (SPEC §7): connects once signed in, sends the access token first, and feeds live
 * events into the entities. A 4401 (token expired) reloads the user, which refreshes the token
 * through the request effect; the new token reconnects the socket.
 */
export const mainSocket = createSocketModel({ url: () => socketUrl(), tokenSource: $accessToken });

sample({ clock: [signedIn, tokensReceived], fn: () => undefined, target: mainSocket.connectRequested });
sample({ clock: mainSocket.unauthorized, target: userRequested });

sample({ clock: mainSocket.eventReceived('user:balance'), target: balanceUpdated });
sample({
  clock: mainSocket.eventReceived('global:collective_bonus'),
  fn: ({ collective_bonus }) => collective_bonus,
  target: collectiveBonusUpdated,
});
