export { ConfirmDialog, type ConfirmDialogTexts } from './confirm-dialog';
