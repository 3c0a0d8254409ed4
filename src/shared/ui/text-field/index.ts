export { TextField } from './text-field';
