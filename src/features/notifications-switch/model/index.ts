export * from './notifications-switch';
