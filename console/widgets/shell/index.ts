export { ConsoleShell } from './ui/console-shell';
