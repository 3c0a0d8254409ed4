export * from './share-farm-link';
