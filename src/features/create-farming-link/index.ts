export { formClosed, formOpened, linkCreated } from './model/create-farming-link';
export { CreateFarmingLinkForm } from './ui/create-farming-link-form';
export * as createFarmingLinkModel from './model';
