export { ProgressBar } from './progress-bar';
