import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { cellValueSchema, type CellValue } from './table';

/** Cell values by column id. */
export const recordValuesSchema = z.record(z.string(), cellValueSchema);
export type RecordValues = z.infer<typeof recordValuesSchema>;

/** The changed cells only, each with its old and new value, so history needs no second read (docs/tables.md). */
export const recordChangesSchema = z.record(z.string(), z.object({ from: cellValueSchema, to: cellValueSchema }));
export type RecordChanges = z.infer<typeof recordChangesSchema>;

/** The record stream `record-<id>`: one record, its own aggregate (docs/tables.md "Streams"). */
export const recordEventSchemas = {
  RecordCreated: z.object({
    recordId: z.string(),
    tableId: z.string(),
    projectId: z.string(),
    values: recordValuesSchema,
    /** recreated by the restore of this revision */
    restoredFrom: z.string().optional(),
    /** written by this import job */
    importId: z.string().optional(),
  }),
  RecordUpdated: z.object({ recordId: z.string(), tableId: z.string(), projectId: z.string(), changes: recordChangesSchema }),
  /** RecordUpdated's twin, written by the restore of `revisionId` */
  RecordRestored: z.object({
    recordId: z.string(),
    tableId: z.string(),
    projectId: z.string(),
    revisionId: z.string(),
    changes: recordChangesSchema,
  }),
  /** `revisionId`: deleted by the restore of that revision (the record was created after it) */
  RecordDeleted: z.object({ recordId: z.string(), tableId: z.string(), projectId: z.string(), revisionId: z.string().optional() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof recordEventSchemas;
export type RecordEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type RecordEventType = RecordEvent['type'];
export const recordEventTypes = Object.keys(recordEventSchemas) as RecordEventType[];
export const recordSchemas: EventSchemas<RecordEvent> = recordEventSchemas;

export interface RecordState {
  exists: boolean;
  deleted: boolean;
  recordId: string;
  tableId: string;
  projectId: string;
  values: RecordValues;
}

export const initialRecordState = (): RecordState => ({
  exists: false,
  deleted: false,
  recordId: '',
  tableId: '',
  projectId: '',
  values: {},
});

const applyChanges = (values: RecordValues, changes: RecordChanges): RecordValues => {
  const next: Record<string, CellValue> = { ...values };
  for (const [columnId, { to }] of Object.entries(changes)) next[columnId] = to;
  return next;
};

const recordState = (state: RecordState, deleted: boolean, values: RecordValues): RecordState => ({
  exists: state.exists,
  deleted,
  recordId: state.recordId,
  tableId: state.tableId,
  projectId: state.projectId,
  values,
});

export const evolveRecord = (state: RecordState, event: RecordEvent): RecordState => {
  switch (event.type) {
    case 'RecordCreated': {
      const { recordId, tableId, projectId, values } = event.data;
      // a restore may recreate a deleted record on its own stream
      return { exists: true, deleted: false, recordId, tableId, projectId, values: { ...values } };
    }
    // written out, not `{ ...state, values }`: a fold of many edits made each state a spread copy of the last one, a
    // new hidden class per edit on Node 20 (docs/performance.md 40.)
    case 'RecordUpdated':
    case 'RecordRestored':
      return recordState(state, state.deleted, applyChanges(state.values, event.data.changes));
    case 'RecordDeleted':
      return recordState(state, true, state.values);
  }
};

/** Is the record there (created and not deleted)? */
export const isLiveRecord = (state: RecordState): boolean => state.exists && !state.deleted;
