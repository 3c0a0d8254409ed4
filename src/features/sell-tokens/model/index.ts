export * from './sell';
