export * from './link-proof';
