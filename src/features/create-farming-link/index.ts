export { formClosed, formOpened, linkCreated } from './model/create-farming-link';
export * as createFarmingLinkModel from './model';
