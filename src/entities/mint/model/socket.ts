import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { mintUpdated } from './mints';

// docs/product.md §4: a user:mint push (paid → active, canceled, completed, moved to staking) updates the list.
sample({ clock: appSocket.eventReceived('user:mint'), target: mintUpdated });
