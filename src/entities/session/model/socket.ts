import { sample } from 'effector';
import { appSocket, tokensReceived } from '@/shared/api';
import { signedIn } from './session';

/*
 * The app's socket opens once the session is signed in, and reconnects with new tokens: after a
 * 4401 (token expired) it waits until a refreshed token arrives (the user entity reloads the user,
 * whose request refreshes it).
 */
sample({ clock: [signedIn, tokensReceived], fn: () => undefined, target: appSocket.connectRequested });
