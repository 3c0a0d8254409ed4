export { Mono, RecordCard, RecordList } from './record-card';
