export { InfoButton } from './ui/info-button';
export { InfoSheet } from './ui/info-sheet';
export * as programInfoModel from './model/program-info';
