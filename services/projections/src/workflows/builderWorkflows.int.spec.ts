import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toWorkflowStreamId, type BlockConfig, type WorkflowEvent } from '@stramien/domain';
import { workflowsProjection, type WorkflowDoc } from './builderWorkflows';

let h: ProjectionsHarness;

const meta = (occurredAt: string) => ({ userId: 'u1', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt });
const append = async (workflowId: string, events: WorkflowEvent[], occurredAt: string) => {
  const stream = await h.eventStore.readStream(toWorkflowStreamId(workflowId));
  const last = stream[stream.length - 1];
  const { position } = await h.eventStore.append(
    toWorkflowStreamId(workflowId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: meta(occurredAt) })),
    last ? last.revision : 'no_stream',
  );
  expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
};
const workflows = () => h.documentStore.collection<WorkflowDoc>('workflows');

const workflowId = 'w1';
const manual: BlockConfig = { name: 'Inspect', panels: [{ id: 'main', title: 'Main', fields: [{ id: 'r', label: 'R', type: 'text' }] }] };
const draft: WorkflowEvent[] = [
  { type: 'WorkflowCreated', data: { workflowId, licenceId: 'l1', name: 'Inspection' } },
  { type: 'WorkflowBlockAdded', data: { workflowId, blockId: 'b1', config: manual } },
  { type: 'WorkflowBlockAdded', data: { workflowId, blockId: 'b2', config: null } },
  { type: 'WorkflowNodeAdded', data: { workflowId, node: { nodeId: 'n1', blockId: 'b1', start: true, position: { x: 0, y: 0 } } } },
  { type: 'WorkflowNodeAdded', data: { workflowId, node: { nodeId: 'n2', blockId: 'b1', start: false } } },
  { type: 'WorkflowLinkAdded', data: { workflowId, link: { linkId: 'k1', from: 'n1', to: 'n2' } } },
];
const graph = {
  blocks: [{ blockId: 'b1', config: manual }],
  nodes: [
    { nodeId: 'n1', blockId: 'b1', start: true },
    { nodeId: 'n2', blockId: 'b1', start: false },
  ],
  links: [{ linkId: 'k1', from: 'n1', to: 'n2' }],
};

beforeEach(async () => {
  h = await startProjections([workflowsProjection]);
});
afterEach(() => h.stop());

describe('the workflows read model', () => {
  it('holds the draft graph, its name key, when it was made and changed, and that nothing is published yet', async () => {
    await append(workflowId, draft, '2026-01-01T00:00:00.000Z');
    await append(
      workflowId,
      [{ type: 'WorkflowRenamed', data: { workflowId, name: 'Keuring', previousName: 'Inspection' } }],
      '2026-01-02T00:00:00.000Z',
    );
    expect(await workflows().findOne({ _id: workflowId })).toMatchObject({
      licenceId: 'l1',
      name: 'Keuring',
      nameKey: 'keuring',
      nodeCount: 2,
      version: 0,
      lastVersion: null,
      draftChanged: true,
      versions: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      draft: {
        blocks: [
          { blockId: 'b1', config: manual },
          { blockId: 'b2', config: null },
        ],
        nodes: [
          { nodeId: 'n1', blockId: 'b1', start: true, position: { x: 0, y: 0 } },
          { nodeId: 'n2', blockId: 'b1', start: false },
        ],
        links: [{ linkId: 'k1', from: 'n1', to: 'n2' }],
      },
    });
  });

  it('summarises each version, keeps the last graph, and knows whether the draft differs from it (a move does not)', async () => {
    await append(workflowId, draft, '2026-01-01T00:00:00.000Z');
    await append(workflowId, [{ type: 'WorkflowPublished', data: { workflowId, version: 1, graph } }], '2026-01-03T00:00:00.000Z');
    await append(
      workflowId,
      [{ type: 'WorkflowNodeMoved', data: { workflowId, nodeId: 'n2', position: { x: 5, y: 6 } } }],
      '2026-01-04T00:00:00.000Z',
    );
    expect(await workflows().findOne({ _id: workflowId })).toMatchObject({
      version: 1,
      lastVersion: graph,
      draftChanged: false,
      versions: [{ version: 1, publishedAt: '2026-01-03T00:00:00.000Z', nodeCount: 2, linkCount: 1, blockCount: 1 }],
    });
    await append(workflowId, [{ type: 'WorkflowLinkRemoved', data: { workflowId, linkId: 'k1' } }], '2026-01-05T00:00:00.000Z');
    expect((await workflows().findOne({ _id: workflowId }))!.draftChanged).toBe(true);
  });

  it('drops a deleted workflow and ignores events of an unknown one', async () => {
    await append(workflowId, draft, '2026-01-01T00:00:00.000Z');
    await append(workflowId, [{ type: 'WorkflowDeleted', data: { workflowId } }], '2026-01-02T00:00:00.000Z');
    await append('w2', [{ type: 'WorkflowRenamed', data: { workflowId: 'w2', name: 'X', previousName: 'Y' } }], '2026-01-02T00:00:00.000Z');
    expect(await workflows().count()).toBe(0);
  });

  it('lists a licence in name order through its index', async () => {
    for (const [id, name] of [
      ['a', 'beta'],
      ['b', 'Alpha'],
      ['c', 'gamma'],
    ] as const)
      await append(id, [{ type: 'WorkflowCreated', data: { workflowId: id, licenceId: 'l1', name } }], '2026-01-01T00:00:00.000Z');
    const docs = await workflows().find({ licenceId: 'l1' }, { sort: { nameKey: 1 } });
    expect(docs.map((d) => d.name)).toEqual(['Alpha', 'beta', 'gamma']);
  });
});
