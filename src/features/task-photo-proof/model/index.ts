export * from './photo-proof';
