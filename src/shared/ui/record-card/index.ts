export { Mono, RecordCard, CardGrid } from './record-card';
