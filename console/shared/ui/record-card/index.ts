export { Mono, RecordCard, CardGrid } from './record-card';
export { Fact, Facts } from './facts';
export { UrlText } from './url-text';
