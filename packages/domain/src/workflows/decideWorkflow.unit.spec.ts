import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { toBlockConfigFile } from './blockConfig';
import { workflowDecider, type WorkflowCommand } from './decideWorkflow';
import { workflowMessages } from './messages';
import { automatedConfig, commandOf, fileOf, manualConfig } from './testFixtures';
import type { WorkflowEvent } from './workflow';
import { toWorkflowStreamId } from './workflowStream';

const spec = deciderSpec(workflowDecider);
const command = commandOf<WorkflowCommand>();
const decide = (events: WorkflowEvent[], c: WorkflowCommand) => workflowDecider.decide(c, fold(workflowDecider, events));
const workflowId = 'w1';

const manual = manualConfig();
const notify = automatedConfig({ type: 'notify', to: 'session-starter', message: 'Checked: {{job.n1.remarks}}' });
const created: WorkflowEvent = { type: 'WorkflowCreated', data: { workflowId, licenceId: 'l1', name: 'Inspection' } };
const deleted: WorkflowEvent = { type: 'WorkflowDeleted', data: { workflowId } };
const block = (blockId: string, config: typeof manual | null): WorkflowEvent => ({
  type: 'WorkflowBlockAdded',
  data: { workflowId, blockId, config },
});
const node = (nodeId: string, blockId: string, start = false): WorkflowEvent => ({
  type: 'WorkflowNodeAdded',
  data: { workflowId, node: { nodeId, blockId, start } },
});
const link = (linkId: string, from: string, to: string): WorkflowEvent => ({
  type: 'WorkflowLinkAdded',
  data: { workflowId, link: { linkId, from, to } },
});
/** start node n1 (manual) -> n2 (automated, using n1's remarks) */
const draft: WorkflowEvent[] = [
  created,
  block('b1', manual),
  block('b2', notify),
  node('n1', 'b1', true),
  node('n2', 'b2'),
  link('k1', 'n1', 'n2'),
];
const graph = {
  blocks: [
    { blockId: 'b1', config: manual },
    { blockId: 'b2', config: notify },
  ],
  nodes: [
    { nodeId: 'n1', blockId: 'b1', start: true },
    { nodeId: 'n2', blockId: 'b2', start: false },
  ],
  links: [{ linkId: 'k1', from: 'n1', to: 'n2' }],
};
const published: WorkflowEvent = { type: 'WorkflowPublished', data: { workflowId, version: 1, graph } };

describe('Workflow', () => {
  it('lives in the stream workflow-<id>', () => expect(toWorkflowStreamId('w1')).toBe('workflow-w1'));

  describe('when created', () => {
    it('records the trimmed name and its licence', () =>
      spec
        .given([])
        .when(command('CreateWorkflow', { workflowId, licenceId: 'l1', name: ' Inspection ', nameTaken: false }))
        .then([created]));
    it('refuses an empty or taken name and a second creation', () => {
      expect(decide([], command('CreateWorkflow', { workflowId, licenceId: 'l1', name: ' ', nameTaken: false }))).toMatchObject({
        status: 422,
        errors: { name: ['Required.'] },
      });
      spec
        .given([])
        .when(command('CreateWorkflow', { workflowId, licenceId: 'l1', name: 'X', nameTaken: true }))
        .thenThrows(workflowMessages.nameTaken, 409);
      spec
        .given([created])
        .when(command('CreateWorkflow', { workflowId, licenceId: 'l1', name: 'X', nameTaken: false }))
        .thenThrows(workflowMessages.alreadyExists, 409);
    });
  });

  describe('when renamed or deleted', () => {
    it('records the new name, nothing for the same name, and may change only its case', () => {
      spec
        .given([created])
        .when(command('RenameWorkflow', { name: 'Checks', nameTaken: false }))
        .then([{ type: 'WorkflowRenamed', data: { workflowId, name: 'Checks', previousName: 'Inspection' } }]);
      spec
        .given([created])
        .when(command('RenameWorkflow', { name: 'Inspection', nameTaken: true }))
        .then([]);
      spec
        .given([created])
        .when(command('RenameWorkflow', { name: 'INSPECTION', nameTaken: true }))
        .then([{ type: 'WorkflowRenamed', data: { workflowId, name: 'INSPECTION', previousName: 'Inspection' } }]);
    });
    it('refuses every command once deleted with 404', () => {
      spec.given([created]).when(command('DeleteWorkflow', {})).then([deleted]);
      spec.given([created, deleted]).when(command('DeleteWorkflow', {})).thenThrows(workflowMessages.notFound, 404);
      spec
        .given([created, deleted])
        .when(command('AddWorkflowBlock', { blockId: 'b1' }))
        .thenThrows(workflowMessages.notFound, 404);
      spec.given([]).when(command('PublishWorkflow', {})).thenThrows(workflowMessages.notFound, 404);
    });
  });

  describe('blocks', () => {
    it('are added with or without a configuration', () => {
      spec
        .given([created])
        .when(command('AddWorkflowBlock', { blockId: 'b1' }))
        .then([block('b1', null)]);
      spec
        .given([created])
        .when(command('AddWorkflowBlock', { blockId: 'b1', file: toBlockConfigFile(manual) }))
        .then([block('b1', manual)]);
      spec
        .given([created, block('b1', null)])
        .when(command('AddWorkflowBlock', { blockId: 'b1' }))
        .thenThrows(/changed this at the same time/, 409);
    });
    it('are configured from the spec file, refused with its message, and unchanged twice', () => {
      spec
        .given([created, block('b1', null)])
        .when(command('ConfigureWorkflowBlock', { blockId: 'b1', file: toBlockConfigFile(notify) }))
        .then([{ type: 'WorkflowBlockConfigured', data: { workflowId, blockId: 'b1', config: notify } }]);
      spec
        .given([created, block('b1', null)])
        .when(command('ConfigureWorkflowBlock', { blockId: 'b1', file: 'not-base64' }))
        .thenThrows('Workflow Block Configuration incorrect format, please contact your project admin', 422);
      spec
        .given([created, block('b1', null)])
        .when(command('AddWorkflowBlock', { blockId: 'b2', file: fileOf({ name: 'x' }) }))
        .thenThrows(workflowMessages.blockConfigInvalid, 422);
      spec
        .given([created, block('b1', manual)])
        .when(command('ConfigureWorkflowBlock', { blockId: 'b1', file: fileOf(manual) }))
        .then([]);
      spec
        .given([created])
        .when(command('ConfigureWorkflowBlock', { blockId: 'b9', file: fileOf(manual) }))
        .thenThrows(workflowMessages.blockNotFound, 404);
    });
    it('are removed unless a node runs them', () => {
      spec
        .given([created, block('b1', null)])
        .when(command('RemoveWorkflowBlock', { blockId: 'b1' }))
        .then([{ type: 'WorkflowBlockRemoved', data: { workflowId, blockId: 'b1' } }]);
      spec
        .given(draft)
        .when(command('RemoveWorkflowBlock', { blockId: 'b1' }))
        .thenThrows(workflowMessages.blockInUse, 409);
      spec
        .given([created])
        .when(command('RemoveWorkflowBlock', { blockId: 'b1' }))
        .thenThrows(workflowMessages.blockNotFound, 404);
    });
  });

  describe('nodes', () => {
    it('are added running a block of the workflow', () => {
      spec
        .given([created, block('b1', null)])
        .when(command('AddWorkflowNode', { nodeId: 'n1', blockId: 'b1', start: true }))
        .then([node('n1', 'b1', true)]);
      expect(decide([created], command('AddWorkflowNode', { nodeId: 'n1', blockId: 'b9', start: false }))).toMatchObject({
        status: 422,
        errors: { block: [workflowMessages.blockNotFound] },
      });
    });
    it('take their links with them when removed', () =>
      spec
        .given([...draft, node('n3', 'b1'), link('k2', 'n3', 'n1'), link('k3', 'n2', 'n3')])
        .when(command('RemoveWorkflowNode', { nodeId: 'n1' }))
        .then([{ type: 'WorkflowNodeRemoved', data: { workflowId, nodeId: 'n1', removedLinkIds: ['k1', 'k2'] } }]));
    it('leave the draft without them and their links', () => {
      const state = fold(workflowDecider, [
        ...draft,
        { type: 'WorkflowNodeRemoved', data: { workflowId, nodeId: 'n1', removedLinkIds: ['k1'] } },
      ]);
      expect(state.draft.nodes.map((n) => n.nodeId)).toEqual(['n2']);
      expect(state.draft.links).toEqual([]);
    });
    it('refuse an unknown node with 404', () =>
      spec
        .given([created])
        .when(command('RemoveWorkflowNode', { nodeId: 'n9' }))
        .thenThrows(workflowMessages.nodeNotFound, 404));
    it('are placed on the canvas when added and moved, nothing when they stay put', () => {
      const at = { x: 10, y: 20.5 };
      spec
        .given([created, block('b1', null)])
        .when(command('AddWorkflowNode', { nodeId: 'n1', blockId: 'b1', start: true, position: at }))
        .then([{ type: 'WorkflowNodeAdded', data: { workflowId, node: { nodeId: 'n1', blockId: 'b1', start: true, position: at } } }]);
      const moved: WorkflowEvent = { type: 'WorkflowNodeMoved', data: { workflowId, nodeId: 'n1', position: { x: 300, y: 40 } } };
      spec
        .given(draft)
        .when(command('MoveWorkflowNode', { nodeId: 'n1', position: { x: 300, y: 40 } }))
        .then([moved]);
      spec
        .given([...draft, moved])
        .when(command('MoveWorkflowNode', { nodeId: 'n1', position: { x: 300, y: 40 } }))
        .then([]);
      spec
        .given(draft)
        .when(command('MoveWorkflowNode', { nodeId: 'n9', position: at }))
        .thenThrows(workflowMessages.nodeNotFound, 404);
      expect(fold(workflowDecider, [...draft, moved]).draft.nodes[0]).toEqual({
        nodeId: 'n1',
        blockId: 'b1',
        start: true,
        position: { x: 300, y: 40 },
      });
    });
    it('moved after a version is layout, not a change to publish', () =>
      spec
        .given([...draft, published, { type: 'WorkflowNodeMoved', data: { workflowId, nodeId: 'n2', position: { x: 1, y: 2 } } }])
        .when(command('PublishWorkflow', {}))
        .thenThrows('Nothing has changed since version 1.', 409));
  });

  describe('links', () => {
    const nodes = [created, block('b1', manual), node('n1', 'b1', true), node('n2', 'b1')];
    it('join two nodes of the draft', () =>
      spec
        .given(nodes)
        .when(command('AddWorkflowLink', { linkId: 'k1', from: 'n1', to: 'n2' }))
        .then([link('k1', 'n1', 'n2')]));
    it('refuse a node that is not there, a link to itself and a second link between the same nodes', () => {
      expect(decide(nodes, command('AddWorkflowLink', { linkId: 'k1', from: 'n9', to: 'n2' }))).toMatchObject({
        errors: { previous_node: [workflowMessages.nodeNotFound] },
      });
      expect(decide(nodes, command('AddWorkflowLink', { linkId: 'k1', from: 'n1', to: 'n9' }))).toMatchObject({
        errors: { node: [workflowMessages.nodeNotFound] },
      });
      expect(decide(nodes, command('AddWorkflowLink', { linkId: 'k1', from: 'n1', to: 'n1' }))).toMatchObject({
        status: 422,
        errors: { node: [workflowMessages.linkToItself] },
      });
      spec
        .given([...nodes, link('k1', 'n1', 'n2')])
        .when(command('AddWorkflowLink', { linkId: 'k2', from: 'n1', to: 'n2' }))
        .thenThrows(workflowMessages.linkExists, 409);
    });
    it('are removed by id', () => {
      spec
        .given(draft)
        .when(command('RemoveWorkflowLink', { linkId: 'k1' }))
        .then([{ type: 'WorkflowLinkRemoved', data: { workflowId, linkId: 'k1' } }]);
      spec
        .given(draft)
        .when(command('RemoveWorkflowLink', { linkId: 'k9' }))
        .thenThrows(workflowMessages.linkNotFound, 404);
    });
  });

  describe('when published', () => {
    it('freezes the draft as version 1, carrying the graph', () =>
      spec.given(draft).when(command('PublishWorkflow', {})).then([published]));
    it('numbers the next version n+1 and keeps the last version in the state', () => {
      const changed = [
        ...draft,
        published,
        { type: 'WorkflowLinkRemoved', data: { workflowId, linkId: 'k1' } } as WorkflowEvent,
        link('k2', 'n1', 'n2'),
      ];
      const result = decide(changed, command('PublishWorkflow', {}));
      expect(result).toMatchObject([{ type: 'WorkflowPublished', data: { version: 2 } }]);
      expect(fold(workflowDecider, [...draft, published])).toMatchObject({ version: 1, published: graph });
    });
    it('refuses a draft with problems, each under its node or link', () => {
      const broken = [created, block('b1', manual), block('b2', notify), node('n1', 'b1', true), node('n2', 'b2')];
      expect(decide(broken, command('PublishWorkflow', {}))).toMatchObject({
        message: workflowMessages.graphInvalid,
        status: 422,
        errors: {
          'node:n2': [
            workflowMessages.unreachableNode,
            'This block uses {{job.n1.remarks}}, a value of a node that does not come before it.',
          ],
        },
      });
      expect(decide([created], command('PublishWorkflow', {}))).toMatchObject({ errors: { workflow: [workflowMessages.noStartNode] } });
    });
    it('refuses to publish nothing new', () =>
      spec
        .given([...draft, published])
        .when(command('PublishWorkflow', {}))
        .thenThrows('Nothing has changed since version 1.', 409));
  });
});
