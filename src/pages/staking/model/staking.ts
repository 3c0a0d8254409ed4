import { sample } from 'effector';
import { stakesRequested } from '@/entities/stake';
import { stakingRoute } from './routes';

// The page's data loads when its route opens (STYLE 3); the socket keeps it live afterwards.
sample({ clock: stakingRoute.opened, fn: () => undefined, target: stakesRequested });
