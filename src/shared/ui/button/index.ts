export { Button, buttonClassName, type ButtonVariant } from './button';
