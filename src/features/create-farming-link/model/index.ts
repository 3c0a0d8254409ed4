export * from './create-farming-link';
