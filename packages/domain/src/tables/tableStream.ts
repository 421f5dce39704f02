/** The table aggregate's stream: 'table-<id>' (category 'table'): the definition and the revision marks. */
export const toTableStreamId = (tableId: string): string => `table-${tableId}`;
/** The record aggregate's stream: 'record-<id>' (category 'record'): one record of a table. */
export const toRecordStreamId = (recordId: string): string => `record-${recordId}`;
