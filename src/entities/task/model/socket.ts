import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { taskUpdated } from './tasks';

// A user:task push (started, checked, sent to review, approved, rejected, claimed) updates the list
// and the badge without a reload.
sample({ clock: appSocket.eventReceived('user:task'), target: taskUpdated });
