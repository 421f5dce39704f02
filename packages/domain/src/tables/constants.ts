import { z } from 'zod';

/** spec 2 §3: the 11 column types */
export const COLUMN_TYPES = [
  'text',
  'text-field',
  'integer',
  'boolean',
  'date',
  'link',
  'email',
  'dropdown',
  'float',
  'sbscode',
  'table',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export const columnTypeSchema = z.enum(COLUMN_TYPES);

/** spec 2 §1, §9: module data lives in tables whose names carry a module prefix; they are hidden from the general lists */
export const MODULE_TABLE_PREFIXES = ['CFFA_DHME_', 'CFFA_FORGE_'] as const;
/** Is this a module's table (hidden from `GET /tables` unless `module=1` is asked)? */
export const isModuleTable = (name: string): boolean => MODULE_TABLE_PREFIXES.some((prefix) => name.startsWith(prefix));

/** Longest table and column names (not in the spec; long enough for the module tables' names). */
export const TABLE_NAME_MAX = 100;
export const COLUMN_NAME_MAX = 100;
/** Upper bounds per table: guards against unbounded streams, not business rules. */
export const TABLE_COLUMNS_MAX = 200;
export const TABLE_RELATIONS_MAX = 200;
export const TABLE_PERMISSIONS_MAX = 500;
/** Longest text cell and text-field cell (docs/tables.md "Column types and values"). */
export const TEXT_CELL_MAX = 1000;
export const TEXT_FIELD_CELL_MAX = 10_000;
/** Longest link, e-mail, SBS code and record id a cell holds. */
export const LINK_CELL_MAX = 2000;
export const EMAIL_CELL_MAX = 254;
export const SBS_CODE_CELL_MAX = 100;
export const RECORD_ID_MAX = 100;
/** A dropdown column's options: how many, and how long each. */
export const DROPDOWN_OPTIONS_MAX = 500;
export const DROPDOWN_OPTION_MAX = 250;
/** `DELETE /records` deletes at most this many ids in one request (more: `DELETE /records/clear`, a job). */
export const RECORDS_DELETE_MAX = 500;
/** Longest revision reason. */
export const REVISION_REASON_MAX = 250;
/** Counts are exact up to this cap, then "10,000+" (docs/tables.md "Read side"). */
export const RECORD_COUNT_CAP = 10_000;
