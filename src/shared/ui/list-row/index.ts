export { ListRow, ListRows } from './list-row';
