import { allSettled, fork } from 'effector';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app';
import { consoleStarted } from './start';
import '@shared/styles/index.css';

// The operator console's entry (operator/index.html, a build of its own: vite.config.ts `consoleBuild`).
const scope = fork();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from operator/index.html');

createRoot(container).render(<ConsoleApp scope={scope} />);
void allSettled(consoleStarted, { scope });
