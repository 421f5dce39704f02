import type { Doc } from '@stramien/infra';
import type { EventEnvelope, SbsNodeEvent } from '@stramien/domain';
import { sbsNodeEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';
import { SBS_ROOT_KEY } from './sbsNodes';

export const SBS_HISTORY_COLLECTION = 'sbs_history';
/** `to` of a version still valid */
export const OPEN_POSITION = Number.MAX_SAFE_INTEGER;
/** `toAt` of a version still valid (compares after every ISO time) */
export const OPEN_TIME = '9999-12-31T23:59:59.999Z';

/**
 * The `sbs_history` read model (docs/sbs.md, as docs/tables.md for records): one document per version of a node,
 * valid from the log position (and time) of the event that made it to the one of the next event of the node. A
 * deletion is a version valid nowhere (from = to), kept so the history says who deleted. The SBS as of time T is
 * the versions with fromAt <= T < toAt: one range of the {projectId, versionId, parentKey, toAt} index.
 */
export interface SbsHistoryDoc extends Doc {
  _id: string;
  nodeId: string;
  projectId: string;
  versionId: string;
  code: string;
  label: string;
  parentKey: string;
  op: 'created' | 'updated' | 'deleted';
  by: string;
  from: number;
  to: number;
  fromAt: string;
  toAt: string;
  /** the values before this version, for an update */
  previous?: { code: string; label: string; parentKey: string };
}

type E<T extends SbsNodeEvent['type']> = EventEnvelope<Extract<SbsNodeEvent, { type: T }>>;

/** the id of a node's version made by the event at stream revision `revision` */
export const sbsHistoryId = (nodeId: string, revision: number): string => `${nodeId}:${revision}`;

const OPS = { SbsNodeCreated: 'created', SbsNodeUpdated: 'updated', SbsNodeDeleted: 'deleted' } as const;

export const sbsHistoryProjection: Projection<SbsHistoryDoc> = {
  name: 'sbsHistory',
  collection: SBS_HISTORY_COLLECTION,
  eventTypes: sbsNodeEventTypes,
  documentIds: (event) => {
    const { nodeId } = event.data as { nodeId: string };
    const current = sbsHistoryId(nodeId, event.revision);
    return event.revision > 0 ? [sbsHistoryId(nodeId, event.revision - 1), current] : [current];
  },
  indexes: [
    { keys: { projectId: 1, versionId: 1, parentKey: 1, toAt: 1 } },
    { keys: { projectId: 1, versionId: 1, toAt: 1 } },
    { keys: { nodeId: 1, from: 1 } },
  ],
  evolve(doc, event, id) {
    const data = (event as E<SbsNodeEvent['type']>).data;
    if (id !== sbsHistoryId(data.nodeId, event.revision)) {
      // the node's previous version ends here
      return doc ? { ...doc, to: event.position, toAt: event.metadata.occurredAt } : doc;
    }
    const deleted = event.type === 'SbsNodeDeleted';
    const previous = event.type === 'SbsNodeUpdated' ? (event as E<'SbsNodeUpdated'>).data.previous : undefined;
    return {
      _id: id,
      nodeId: data.nodeId,
      projectId: data.projectId,
      versionId: data.versionId,
      code: data.code,
      label: data.label,
      parentKey: data.parentId ?? SBS_ROOT_KEY,
      op: OPS[event.type as SbsNodeEvent['type']],
      by: event.metadata.userId,
      from: event.position,
      to: deleted ? event.position : OPEN_POSITION,
      fromAt: event.metadata.occurredAt,
      toAt: deleted ? event.metadata.occurredAt : OPEN_TIME,
      ...(previous ? { previous: { code: previous.code, label: previous.label, parentKey: previous.parentId ?? SBS_ROOT_KEY } } : {}),
    };
  },
};
