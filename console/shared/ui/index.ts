/** The operator console's own views over the kit: in its words, bound to its models' units. */
export { ActionDialog } from './action-dialog';
export { ConsoleQueryState } from './console-query-state';
export { valueCopyClicked } from './copy';
export { CopyValue } from './copy-value';
export { FormStack } from './form-stack';
export { SelectField } from './select-field';
