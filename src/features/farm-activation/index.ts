export { launched as farmActivationLaunched } from './model/farm-activation';
export { FarmActivationModal } from './ui/farm-activation-modal';
export * as farmActivationModel from './model';
