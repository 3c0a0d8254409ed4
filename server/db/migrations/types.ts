/** One schema change: its id (unique across both lists, never reused) and its SQL, applied once. */
export interface Migration {
  id: string;
  sql: string;
}
