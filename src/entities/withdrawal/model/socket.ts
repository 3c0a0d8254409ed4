import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { withdrawalUpdated } from './withdrawals';

// A user:withdrawal push (queued, sending, completed with its hash, failed, refunded) updates the list.
sample({ clock: appSocket.eventReceived('user:withdrawal'), target: withdrawalUpdated });
