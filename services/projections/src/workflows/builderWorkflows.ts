import type { Doc } from '@stramien/infra';
import {
  diffVersions,
  evolveWorkflow,
  initialWorkflowState,
  isUnchanged,
  versionGraphOf,
  workflowEventTypes,
  type EventEnvelope,
  type WorkflowEvent,
  type WorkflowGraph,
  type WorkflowState,
} from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const WORKFLOWS_COLLECTION = 'workflows';

/** One published version in the workflow's list: when, and how big (its graph is in its `WorkflowPublished` event). */
export interface WorkflowVersionSummaryDoc {
  version: number;
  publishedAt: string;
  nodeCount: number;
  linkCount: number;
  blockCount: number;
}

/**
 * The `workflows` read model (docs/workflows.md "Read models", "Builder API as built"): one document per live builder
 * workflow, folded with the domain's own `evolveWorkflow`, so the builder's answers and the aggregate never disagree
 * about the draft.
 * - `draft`: the draft graph (blocks with their decoded configuration, nodes with canvas positions, links);
 * - `version` / `lastVersion`: the last published version's number (0: none) and graph, `draftChanged` whether the
 *   draft differs from it (always true before the first version);
 * - `versions`: a summary per published version, oldest first. The frozen graphs themselves are read from the
 *   workflow's stream (its `WorkflowPublished` events) by `GET …/version/{n}`: they never change, so no copy is kept.
 * - `nameKey`: the name in lower case, for the list's order and the licence's name check (index {licenceId, nameKey}).
 * A deleted workflow's document goes; its history stays in the log.
 */
export interface WorkflowDoc extends Doc {
  _id: string;
  licenceId: string;
  name: string;
  nameKey: string;
  draft: WorkflowGraph;
  /** the draft's number of nodes, so the list need not load the drafts */
  nodeCount: number;
  version: number;
  lastVersion: WorkflowGraph | null;
  draftChanged: boolean;
  versions: WorkflowVersionSummaryDoc[];
  createdAt: string;
  updatedAt: string;
}

/** The list's and the name check's key: names are compared without regard to case. */
export const workflowNameKey = (name: string): string => name.trim().toLocaleLowerCase();

const toState = (doc: WorkflowDoc): WorkflowState => ({
  ...initialWorkflowState(),
  exists: true,
  workflowId: doc._id,
  licenceId: doc.licenceId,
  name: doc.name,
  draft: doc.draft,
  version: doc.version,
  published: doc.lastVersion,
});

/**
 * The document of a workflow's state after an event at `at`, given the document before it (null: the first event).
 * The command routes answer with it too, so an answer and a later read show the same workflow.
 */
export const workflowDocOf = (state: WorkflowState, before: WorkflowDoc | null, at: string, event?: WorkflowEvent): WorkflowDoc => {
  const versions = [...(before?.versions ?? [])];
  if (event?.type === 'WorkflowPublished' && !versions.some((v) => v.version === event.data.version)) {
    const { graph, version } = event.data;
    versions.push({
      version,
      publishedAt: at,
      nodeCount: graph.nodes.length,
      linkCount: graph.links.length,
      blockCount: graph.blocks.length,
    });
  }
  return {
    _id: state.workflowId,
    licenceId: state.licenceId,
    name: state.name,
    nameKey: workflowNameKey(state.name),
    draft: state.draft,
    nodeCount: state.draft.nodes.length,
    version: state.version,
    lastVersion: state.published,
    draftChanged: state.published === null || !isUnchanged(diffVersions(state.published, versionGraphOf(state.draft))),
    versions,
    createdAt: before?.createdAt ?? at,
    updatedAt: at,
  };
};

export const workflowsProjection: Projection<WorkflowDoc> = {
  name: 'workflows',
  collection: WORKFLOWS_COLLECTION,
  eventTypes: workflowEventTypes,
  documentIds: (event) => [(event.data as { workflowId: string }).workflowId],
  indexes: [{ keys: { licenceId: 1, nameKey: 1 } }],
  evolve(doc, envelope) {
    const event = { type: envelope.type, data: envelope.data } as WorkflowEvent;
    if (event.type !== 'WorkflowCreated' && !doc) return doc;
    const state = evolveWorkflow(doc ? toState(doc) : initialWorkflowState(), event);
    if (state.deleted) return null;
    return workflowDocOf(state, doc, (envelope as EventEnvelope).metadata.occurredAt, event);
  },
};
