export { Modal, type ModalAction } from './modal';
