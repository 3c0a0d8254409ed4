export { InfoButton } from './ui/info-button';
export { $isOpen as $infoOpen } from './model/program-info';
export * as programInfoModel from './model/program-info';
