import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { blockConfigSchema } from './blockConfig';
import { EMPTY_GRAPH, graphLinkSchema, graphNodeSchema, nodePositionSchema, workflowGraphSchema, type WorkflowGraph } from './graph';

/**
 * The builder's workflow stream `workflow-<id>` (docs/workflows.md "Streams"): its name and licence, the draft graph
 * (blocks, nodes, links) and its published versions. Event types carry the context's name (`WorkflowNodeAdded`, not
 * `NodeAdded`) because projections and the notifier select events by type across every stream.
 */
export const workflowEventSchemas = {
  WorkflowCreated: z.object({ workflowId: z.string(), licenceId: z.string(), name: z.string() }),
  WorkflowRenamed: z.object({ workflowId: z.string(), name: z.string(), previousName: z.string() }),
  WorkflowDeleted: z.object({ workflowId: z.string() }),
  /** a block without configuration yet (null) or with one sent along */
  WorkflowBlockAdded: z.object({ workflowId: z.string(), blockId: z.string(), config: blockConfigSchema.nullable() }),
  /** the decoded, checked configuration; the file is rebuilt from it (toBlockConfigFile) */
  WorkflowBlockConfigured: z.object({ workflowId: z.string(), blockId: z.string(), config: blockConfigSchema }),
  WorkflowBlockRemoved: z.object({ workflowId: z.string(), blockId: z.string() }),
  WorkflowNodeAdded: z.object({ workflowId: z.string(), node: graphNodeSchema }),
  /** the node's place on the builder's canvas (layout only: no version change) */
  WorkflowNodeMoved: z.object({ workflowId: z.string(), nodeId: z.string(), position: nodePositionSchema }),
  /** the node's links go with it */
  WorkflowNodeRemoved: z.object({ workflowId: z.string(), nodeId: z.string(), removedLinkIds: z.array(z.string()) }),
  WorkflowLinkAdded: z.object({ workflowId: z.string(), link: graphLinkSchema }),
  WorkflowLinkRemoved: z.object({ workflowId: z.string(), linkId: z.string() }),
  /** version n (1, 2, …) freezes the draft: the whole graph, which sessions of the version copy */
  WorkflowPublished: z.object({ workflowId: z.string(), version: z.number().int().positive(), graph: workflowGraphSchema }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof workflowEventSchemas;
export type WorkflowEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type WorkflowEventType = WorkflowEvent['type'];
export const workflowEventTypes = Object.keys(workflowEventSchemas) as WorkflowEventType[];
export const workflowSchemas: EventSchemas<WorkflowEvent> = workflowEventSchemas;

export interface WorkflowState {
  exists: boolean;
  deleted: boolean;
  workflowId: string;
  licenceId: string;
  name: string;
  draft: WorkflowGraph;
  /** the last published version's number (0: none yet) and graph */
  version: number;
  published: WorkflowGraph | null;
}

export const initialWorkflowState = (): WorkflowState => ({
  exists: false,
  deleted: false,
  workflowId: '',
  licenceId: '',
  name: '',
  draft: EMPTY_GRAPH,
  version: 0,
  published: null,
});

const withDraft = (state: WorkflowState, change: (draft: WorkflowGraph) => Partial<WorkflowGraph>): WorkflowState => ({
  ...state,
  draft: { ...state.draft, ...change(state.draft) },
});

export const evolveWorkflow = (state: WorkflowState, event: WorkflowEvent): WorkflowState => {
  switch (event.type) {
    case 'WorkflowCreated': {
      const { workflowId, licenceId, name } = event.data;
      return { ...initialWorkflowState(), exists: true, workflowId, licenceId, name };
    }
    case 'WorkflowRenamed':
      return { ...state, name: event.data.name };
    case 'WorkflowDeleted':
      return { ...state, deleted: true };
    case 'WorkflowBlockAdded':
    case 'WorkflowBlockConfigured': {
      const { blockId, config } = event.data;
      return withDraft(state, ({ blocks }) => ({
        blocks: blocks.some((b) => b.blockId === blockId)
          ? blocks.map((b) => (b.blockId === blockId ? { blockId, config } : b))
          : [...blocks, { blockId, config }],
      }));
    }
    case 'WorkflowBlockRemoved':
      return withDraft(state, ({ blocks }) => ({ blocks: blocks.filter((b) => b.blockId !== event.data.blockId) }));
    case 'WorkflowNodeAdded':
      return withDraft(state, ({ nodes }) => ({ nodes: [...nodes.filter((n) => n.nodeId !== event.data.node.nodeId), event.data.node] }));
    case 'WorkflowNodeMoved': {
      const { nodeId, position } = event.data;
      return withDraft(state, ({ nodes }) => ({ nodes: nodes.map((n) => (n.nodeId === nodeId ? { ...n, position } : n)) }));
    }
    case 'WorkflowNodeRemoved': {
      const { nodeId, removedLinkIds } = event.data;
      const removed = new Set(removedLinkIds);
      return withDraft(state, ({ nodes, links }) => ({
        nodes: nodes.filter((n) => n.nodeId !== nodeId),
        links: links.filter((l) => !removed.has(l.linkId)),
      }));
    }
    case 'WorkflowLinkAdded':
      return withDraft(state, ({ links }) => ({ links: [...links.filter((l) => l.linkId !== event.data.link.linkId), event.data.link] }));
    case 'WorkflowLinkRemoved':
      return withDraft(state, ({ links }) => ({ links: links.filter((l) => l.linkId !== event.data.linkId) }));
    case 'WorkflowPublished':
      return { ...state, version: event.data.version, published: event.data.graph };
  }
};

/** Is the workflow there (created and not deleted)? */
export const isLiveWorkflow = (state: WorkflowState): boolean => state.exists && !state.deleted;
