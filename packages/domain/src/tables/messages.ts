/**
 * User-facing texts of the tables context. The spec's own texts (spec 2 §8, issue 8) are quoted exactly; the rest
 * is Stramien's wording where the spec is silent (docs/tables.md).
 */
export const tableMessages = {
  /** spec 2 §8 */
  recordUpdated: 'Record updated successfully',
  /** spec 2 §8 */
  recordsDeleted: 'Successfully deleted records',
  /** spec 2 §8 */
  recordDeleteFailed: 'Failed to delete record',
  /** spec 2 §8 */
  exportStarted: 'Export jobs are started. You will find result files on downloads page.',
  /** spec 2 §8 */
  revisionNotFound: 'Revision not found',
  /** spec 2 §8 */
  compareRevisionNotFound: 'Revision to compare not found',
  notFound: 'Table not found.',
  recordNotFound: 'Record not found.',
  columnNotFound: 'Column not found.',
  relationNotFound: 'Relation not found.',
  permissionNotFound: 'Permission not found.',
  alreadyExists: 'This table already exists.',
  recordAlreadyExists: 'This record already exists.',
  nameTaken: 'A table with this name already exists in this project.',
  columnNameTaken: 'This table already has a column with this name.',
  tooManyColumns: 'A table has at most {maximum} columns.',
  columnTypeFixed: 'The type of a column cannot be changed.',
  unknownColumn: 'This table has no such column.',
  /** a dropdown cell outside the column's options */
  notAnOption: "Choose one of the column's options.",
  /** a `table` cell naming no record of the column's target table */
  notARecordOfTarget: 'Choose a record of the related table.',
  notAnSbsCode: "Choose a code of the project's SBS.",
  dropdownOptionsRequired: 'A dropdown column needs a list of options.',
  duplicateOption: 'Every option can be listed once.',
  targetTableRequired: 'A table column needs the table it points to.',
  targetTableNotFound: 'The related table does not exist in this project.',
  noOptionsForType: 'This column type takes no options.',
  relationNeedsTableColumn: 'A relation needs a column of type table.',
  relationExists: 'This column already has a relation.',
  permissionExists: 'This team already has a permission for this table.',
  teamNotInProject: 'This team is not part of the project.',
  tooManyRecords: 'Delete at most {maximum} records at once; clear the table for more.',
  /** POST /tables/query: two parts with one alias */
  aliasTaken: 'Give every table of the query its own alias.',
  /** POST /tables/query: parts of different projects */
  oneProject: 'Query the tables of one project at a time.',
  /** POST /tables/query: a join naming no part before it */
  joinAliasUnknown: 'Join a table of the query named before this one.',
  /** POST /tables/query: a join through a column that links neither table to the other */
  joinColumnUnlinked: 'This column does not link the two tables: pick a column of type table of either one that points to the other.',
  clearStarted: 'Clearing the table has started. The list of deleted records will be on the downloads page.',
  /** CSV import (docs/tables.md "Bulk work") */
  importStarted: 'The import has started. You will see its progress on the downloads page.',
  importInvalid: 'The import has invalid values: fetch them with /records/verify.',
  importEmpty: 'The file is empty.',
  importInvalidBase64: 'The file is not valid base64.',
  importUnreadable: 'The file could not be read as CSV (line {line}).',
  importDuplicateHeader: 'The file has the header "{header}" more than once.',
  importUnknownHeader: 'The file has no header "{header}".',
  importColumnTwice: 'Each column can be filled from one CSV column only.',
  restoreStarted: 'Restoring the revision has started. Its progress is on the downloads page.',
} as const;
