import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

/** Longest SBS code (the teams context's SBS permissions name codes of the same length). */
export const SBS_CODE_MAX = 100;
export const SBS_LABEL_MAX = 255;
export const SBS_VERSION_NAME_MAX = 100;
/**
 * Most rows of one `POST /sbs-import` and ids of one `DELETE /sbs`: the benchmark's SBS of 100,000 nodes in one call.
 * Both run as background jobs in chunks (docs/sbs.md "Bulk calls").
 */
export const SBS_BULK_MAX = 100_000;
/** Most matches a search answers. */
export const SBS_SEARCH_MAX = 100;

/** The fields of a node as every node event carries them, so a history version is built from one event. */
const nodeFields = {
  nodeId: z.string(),
  projectId: z.string(),
  versionId: z.string(),
  code: z.string(),
  label: z.string(),
  /** null for a root */
  parentId: z.string().nullable(),
};
export const sbsNodeValuesSchema = z.object({ code: z.string(), label: z.string(), parentId: z.string().nullable() });
export type SbsNodeValues = z.infer<typeof sbsNodeValuesSchema>;

export const sbsNodeEventSchemas = {
  SbsNodeCreated: z.object(nodeFields),
  /** the node after the change, and its values before it */
  SbsNodeUpdated: z.object({ ...nodeFields, previous: sbsNodeValuesSchema }),
  SbsNodeDeleted: z.object(nodeFields),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof sbsNodeEventSchemas;
export type SbsNodeEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type SbsNodeEventType = SbsNodeEvent['type'];
export const sbsNodeEventTypes = Object.keys(sbsNodeEventSchemas) as SbsNodeEventType[];
export const sbsNodeSchemas: EventSchemas<SbsNodeEvent> = sbsNodeEventSchemas;

export interface SbsNodeState extends SbsNodeValues {
  exists: boolean;
  deleted: boolean;
  nodeId: string;
  projectId: string;
  versionId: string;
}

export const initialSbsNodeState = (): SbsNodeState => ({
  exists: false,
  deleted: false,
  nodeId: '',
  projectId: '',
  versionId: '',
  code: '',
  label: '',
  parentId: null,
});

export const evolveSbsNode = (state: SbsNodeState, event: SbsNodeEvent): SbsNodeState => {
  const { nodeId, projectId, versionId, code, label, parentId } = event.data;
  switch (event.type) {
    case 'SbsNodeCreated':
      return { exists: true, deleted: false, nodeId, projectId, versionId, code, label, parentId };
    case 'SbsNodeUpdated':
      return { ...state, code, label, parentId };
    case 'SbsNodeDeleted':
      return { ...state, deleted: true };
  }
};

/** Codes compare as written, without surrounding spaces. */
export const normaliseSbsCode = (code: string): string => code.trim();
