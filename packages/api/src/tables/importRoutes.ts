import { z } from 'zod';
import { IMPORT_FILE_MAX_BASE64, IMPORT_VERIFY_PAGE_DEFAULT, IMPORT_VERIFY_PAGE_MAX } from '@stramien/domain';
import { defineRoute, type RouteContract, type RoutePolicy } from '../shared/contract';
import { downloadSchema } from '../notifications/downloadRoutes';
import { idOrRef } from './routes';

const write: RoutePolicy = { access: 'table', need: 'write' };

/** a CSV header as written in the file -> the id of the column it fills, or null: not imported */
const mappingSchema = z.record(z.string().max(1_000), z.string().max(100).nullable());

/** the CSV file as base64 (UTF-8, with or without BOM; `,` or `;` between values; docs/tables.md "Bulk work") */
const fileSchema = z.string().min(1).max(IMPORT_FILE_MAX_BASE64);

/** One refused cell: its data row (1-based, the header line not counted), column, header and value, and why. */
export const importErrorSchema = z.object({
  row: z.number().int().positive(),
  column: z.string(),
  header: z.string(),
  value: z.string(),
  /** the English text */
  message: z.string(),
  /** its message catalogue key, so a client renders it in its user's language */
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importVerificationSchema = z.object({
  headers: z.array(z.string()),
  delimiter: z.enum([',', ';']),
  /** data rows (the header line not counted) */
  rows: z.number().int().nonnegative(),
  /** the mapping that was used: the one sent, or the default (a header equal to a column's name, any case) */
  mapping: z.record(z.string(), z.string().nullable()),
  total_errors: z.number().int().nonnegative(),
  /** errors offset .. offset + limit of all of them, in row then column order */
  errors: z.array(importErrorSchema),
});
export type ImportVerification = z.infer<typeof importVerificationSchema>;

/**
 * CSV import into a table (spec 2 §5, §7; docs/tables.md "Bulk work"): `verify` reads the file and answers its errors
 * per row and column without writing; `import` starts a `records-import` job, which writes nothing when any cell is
 * invalid (it fails with a message that sends the client to `verify`: the spec's "validation errors fetched by a
 * second call"). Progress counts rows written; the job is canceled through the jobs route.
 */
export const recordImportRoutes = {
  verify: defineRoute({
    method: 'POST',
    path: '/api/records/verify',
    summary: 'Check a CSV file (base64) against a table: its headers, the mapping used and the refused cells, a page at a time',
    tag: 'tables',
    auth: true,
    policy: write,
    body: z
      .object({
        table: idOrRef,
        file: fileSchema,
        mapping: mappingSchema.optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(IMPORT_VERIFY_PAGE_MAX).default(IMPORT_VERIFY_PAGE_DEFAULT),
      })
      .strict(),
    response: z.object({ data: importVerificationSchema }),
    alsoAnswers: [413, 422],
  }),
  import: defineRoute({
    method: 'POST',
    path: '/api/records/import',
    summary:
      'Import a CSV file (base64) into a table in the background: every row becomes a record, or none when a cell is invalid (then ask /records/verify)',
    tag: 'tables',
    auth: true,
    policy: write,
    body: z.object({ table: idOrRef, file: fileSchema, mapping: mappingSchema.optional() }).strict(),
    response: z.object({ data: downloadSchema, message: z.string(), position: z.number().int().nonnegative() }),
    alsoAnswers: [413, 422],
  }),
} satisfies Record<string, RouteContract>;
