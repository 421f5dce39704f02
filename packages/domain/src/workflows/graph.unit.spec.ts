import { describe, expect, it } from 'vitest';
import { columnsOf, diffVersions, isUnchanged, validateGraph, versionGraphOf, type WorkflowGraph } from './graph';
import { workflowMessages } from './messages';
import { automatedConfig, graphOf, manualConfig } from './testFixtures';

const m = manualConfig();
const keys = (graph: WorkflowGraph) => validateGraph(graph).map((p) => p.key);

describe('A workflow graph', () => {
  describe('when validated', () => {
    it('finds no problem in a diamond from one start node', () => {
      expect(validateGraph(graphOf({ a: m, b: m, c: m, d: m }, ['a>b', 'a>c', 'b>d', 'c>d']))).toEqual([]);
      expect(validateGraph(graphOf({ a: m }))).toEqual([]);
    });
    it('asks for exactly one start node', () => {
      const none = graphOf({ a: m });
      none.nodes[0]!.start = false;
      expect(validateGraph(none)).toEqual([
        { key: 'workflows.noStartNode', message: workflowMessages.noStartNode, nodeIds: [], linkIds: [], blockIds: [] },
      ]);
      const two = graphOf({ a: m, b: m }, ['a>b']);
      two.nodes[1]!.start = true;
      expect(validateGraph(two)).toEqual([
        { key: 'workflows.severalStartNodes', message: workflowMessages.severalStartNodes, nodeIds: ['a', 'b'], linkIds: [], blockIds: [] },
      ]);
      expect(keys(graphOf({}))).toEqual(['workflows.noStartNode']);
    });
    it('names each node the start node cannot reach', () => {
      expect(validateGraph(graphOf({ a: m, b: m, c: m }, ['b>c'])).filter((p) => p.key === 'workflows.unreachableNode')).toEqual([
        { key: 'workflows.unreachableNode', message: workflowMessages.unreachableNode, nodeIds: ['b'], linkIds: [], blockIds: [] },
        { key: 'workflows.unreachableNode', message: workflowMessages.unreachableNode, nodeIds: ['c'], linkIds: [], blockIds: [] },
      ]);
    });
    it('names a link to or from a node that is gone', () => {
      const graph = graphOf({ a: m, b: m }, ['a>b', 'a>x']);
      expect(validateGraph(graph)).toEqual([
        { key: 'workflows.danglingLink', message: workflowMessages.danglingLink, nodeIds: [], linkIds: ['l-a-x'], blockIds: [] },
      ]);
    });
    it('names the nodes and links of a loop', () => {
      const problems = validateGraph(graphOf({ a: m, b: m, c: m, d: m }, ['a>b', 'b>c', 'c>b', 'c>d']));
      expect(problems).toEqual([
        { key: 'workflows.cycle', message: workflowMessages.cycle, nodeIds: ['b', 'c'], linkIds: ['l-b-c', 'l-c-b'], blockIds: [] },
      ]);
      expect(keys(graphOf({ a: m, b: m }, ['a>b', 'b>b']))).toEqual(['workflows.cycle']);
    });
    it('handles a long chain without overflowing the stack', () => {
      const nodes = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`n${i}`, m]));
      const links = Array.from({ length: 19_999 }, (_, i) => `n${i}>n${i + 1}`);
      expect(validateGraph(graphOf(nodes, links))).toEqual([]);
    });
    it('names blocks that are missing or not configured', () => {
      const graph = graphOf({ a: m, b: null }, ['a>b']);
      graph.nodes.push({ nodeId: 'c', blockId: 'gone', start: false });
      graph.links.push({ linkId: 'l-b-c', from: 'b', to: 'c' });
      expect(validateGraph(graph)).toEqual([
        { key: 'workflows.nodeBlockMissing', message: workflowMessages.nodeBlockMissing, nodeIds: ['c'], linkIds: [], blockIds: ['gone'] },
        {
          key: 'workflows.blockNotConfigured',
          message: workflowMessages.blockNotConfigured,
          nodeIds: ['b'],
          linkIds: [],
          blockIds: ['b-b'],
        },
      ]);
    });
    it('asks every job value a template names to come from a field of a manual node upstream', () => {
      const notify = (message: string) => automatedConfig({ type: 'notify', to: 'session-starter', message });
      const ok = graphOf({ a: m, b: m, c: notify('{{job.a.remarks}} {{job.b.remarks}} {{session.name}}') }, ['a>b', 'b>c']);
      expect(validateGraph(ok)).toEqual([]);
      const sideways = graphOf({ a: m, b: m, c: notify('{{job.b.remarks}}') }, ['a>b', 'a>c']);
      expect(validateGraph(sideways)).toEqual([
        {
          key: 'workflows.templateNotUpstream',
          message: 'This block uses {{job.b.remarks}}, a value of a node that does not come before it.',
          nodeIds: ['c'],
          linkIds: [],
          blockIds: ['b-c'],
        },
      ]);
      expect(keys(graphOf({ a: m, c: notify('{{job.c.remarks}}') }, ['a>c']))).toEqual(['workflows.templateNotUpstream']);
      expect(keys(graphOf({ a: m, c: notify('{{job.a.nope}}') }, ['a>c']))).toEqual(['workflows.templateFieldUnknown']);
      expect(keys(graphOf({ a: notify('x'), c: notify('{{job.a.remarks}}') }, ['a>c']))).toEqual(['workflows.templateFieldUnknown']);
    });
  });

  describe('columns of the session flow diagram', () => {
    it('put each node at its longest distance from the start node, the start node in column 1', () => {
      expect(columnsOf(graphOf({ a: m, b: m, c: m, d: m, e: m }, ['a>b', 'b>c', 'c>d', 'a>d', 'a>e']))).toEqual({
        a: 1,
        b: 2,
        c: 3,
        d: 4,
        e: 2,
      });
    });
    it('leave out nodes not reached, and nodes on or behind a loop', () => {
      expect(columnsOf(graphOf({ a: m, b: m, c: m, d: m, x: m }, ['a>b', 'b>c', 'c>b', 'c>d']))).toEqual({ a: 1 });
      expect(columnsOf(graphOf({}))).toEqual({});
    });
  });

  describe('changes between versions', () => {
    const v1 = graphOf({ a: m, b: m, c: m }, ['a>b', 'b>c']);
    it('list the nodes, links and blocks added, removed and changed', () => {
      const v2 = graphOf({ a: m, b: manualConfig([{ id: 'x', label: 'X', type: 'number' }]), d: m }, ['a>b', 'b>d']);
      expect(diffVersions(v1, v2)).toEqual({
        nodes: { added: ['d'], removed: ['c'], changed: [] },
        links: { added: ['l-b-d'], removed: ['l-b-c'], changed: [] },
        blocks: { added: ['b-d'], removed: ['b-c'], changed: ['b-b'] },
      });
    });
    it('see no change in a copy written in another key order', () => {
      const copy = JSON.parse(JSON.stringify(v1)) as WorkflowGraph;
      copy.blocks = copy.blocks.map(({ config, blockId }) => ({ config, blockId }));
      expect(isUnchanged(diffVersions(v1, copy))).toBe(true);
    });
    it('count everything as added for the first version', () => {
      expect(diffVersions(null, v1).nodes.added).toEqual(['a', 'b', 'c']);
    });
    it('freeze only the blocks the nodes run', () => {
      const draft = graphOf({ a: m });
      draft.blocks.push({ blockId: 'spare', config: null });
      expect(versionGraphOf(draft).blocks.map((b) => b.blockId)).toEqual(['b-a']);
    });
  });
});
