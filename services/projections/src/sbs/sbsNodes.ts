import type { Doc } from '@stramien/infra';
import type { EventEnvelope, SbsNodeEvent } from '@stramien/domain';
import { sbsNodeEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const SBS_NODES_COLLECTION = 'sbs_nodes';
/** `parentKey` of a root (an index range needs a value, not null) */
export const SBS_ROOT_KEY = '';

/**
 * The `sbs_nodes` read model: one document per live SBS node, with the number of its live children, so a tree
 * answers hasChildren without a count. The children of a node are one range of the {projectId, versionId,
 * parentKey, code} index; `search` (lower-case code and label) serves the searches (docs/sbs.md).
 */
export interface SbsNodeDoc extends Doc {
  _id: string;
  projectId: string;
  versionId: string;
  code: string;
  label: string;
  /** the parent's id, SBS_ROOT_KEY for a root */
  parentKey: string;
  childCount: number;
  search: string;
}

type E<T extends SbsNodeEvent['type']> = EventEnvelope<Extract<SbsNodeEvent, { type: T }>>;

export const sbsSearchText = (code: string, label: string): string => `${code} ${label}`.toLowerCase();

const parentsOf = (event: EventEnvelope): string[] => {
  const data = (event as E<SbsNodeEvent['type']>).data;
  if (event.type !== 'SbsNodeUpdated') return data.parentId ? [data.parentId] : [];
  const before = (event as E<'SbsNodeUpdated'>).data.previous.parentId;
  if (before === data.parentId) return [];
  return [before, data.parentId].filter((id): id is string => id !== null);
};

/** +1 or -1 for a parent the event touches: a child arrives (created, moved in) or leaves (deleted, moved away). */
const childDelta = (event: EventEnvelope, parentId: string): number => {
  switch (event.type) {
    case 'SbsNodeCreated':
      return 1;
    case 'SbsNodeDeleted':
      return -1;
    default: {
      const { parentId: after } = (event as E<'SbsNodeUpdated'>).data;
      return after === parentId ? 1 : -1;
    }
  }
};

export const sbsNodesProjection: Projection<SbsNodeDoc> = {
  name: 'sbsNodes',
  collection: SBS_NODES_COLLECTION,
  eventTypes: sbsNodeEventTypes,
  documentIds: (event) => [(event.data as { nodeId: string }).nodeId, ...parentsOf(event)],
  indexes: [{ keys: { projectId: 1, versionId: 1, parentKey: 1, code: 1 } }, { keys: { projectId: 1, versionId: 1, code: 1 } }],
  evolve(doc, event, id) {
    const data = (event as E<SbsNodeEvent['type']>).data;
    if (id !== data.nodeId) return doc ? { ...doc, childCount: Math.max(0, doc.childCount + childDelta(event, id)) } : doc;
    if (event.type === 'SbsNodeDeleted') return null;
    const { projectId, versionId, code, label, parentId } = data;
    return {
      _id: id,
      projectId,
      versionId,
      code,
      label,
      parentKey: parentId ?? SBS_ROOT_KEY,
      childCount: doc?.childCount ?? 0,
      search: sbsSearchText(code, label),
    };
  },
};
