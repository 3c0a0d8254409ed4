/*
 * The model, for tests. Nothing in the entry imports this slice: its view (./index.ui.ts) is shown by
 * the Info sheet, a chunk of its own, and brings the model with it.
 */
export * as notificationsSwitchModel from './model';
