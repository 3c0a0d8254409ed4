// First: the launch's calls leave before the rest of the code is evaluated (./early.ts).
import './early';
import { allSettled, fork } from 'effector';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { isLowEndDevice } from '@/shared/telegram';
import { appStarted } from './model';
import '@/shared/styles/index.css';

// A phone Telegram rates LOW: no non-essential animation (global.css, as for reduced motion).
if (isLowEndDevice()) document.documentElement.dataset.motion = 'reduced';

// One scope for the whole app: the same models run under fork() in the tests.
const scope = fork();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(<App scope={scope} />);
void allSettled(appStarted, { scope });
