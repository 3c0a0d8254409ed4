import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { linkPushed } from './links';

// Someone activated one of the user's links: its uses left (and exhausted status) follow on /farming.
sample({ clock: appSocket.eventReceived('user:farming_link'), target: linkPushed });
