import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRoutes as routes } from '@stramien/api';
import { toSessionStreamId, type WorkflowGraph } from '@stramien/domain';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { unique } from '../tables/tableTesting';
import { createWorkflowsWorld, type WorkflowsWorld } from './projectWorkflowTesting';

/**
 * Issue 9's property, through the HTTP API of the running app (the domain's own is session.property.unit.spec.ts):
 * for random workflow graphs — one start node, every node reachable, joins, manual and automated nodes — published,
 * added to a project and started, with the open manual jobs finished in a random order while the process manager runs
 * the automated ones, the session ends finished at 100 % with every job finished exactly once.
 */

let server: TestServer;
let w: WorkflowsWorld;

beforeAll(async () => {
  server = await startTestServer();
  w = await createWorkflowsWorld(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const manual = manualConfig(undefined, 'Check');
const automated = automatedConfig();

/** node i > 0 has one to three links from nodes before it (no loop, every node reachable from n0) */
const graphs: fc.Arbitrary<WorkflowGraph> = fc
  .integer({ min: 2, max: 9 })
  .chain((n) =>
    fc.record({
      manual: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      parents: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ manual: isManual, parents }) => {
    const nodes = Object.fromEntries(isManual.map((m, i) => [`n${i}`, m ? manual : automated]));
    const links = parents.flatMap((from, i) => (i === 0 ? [] : [...new Set(from.map((p) => p % i))].map((p) => `n${p}>n${i}`)));
    return graphOf(nodes, links);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sessions through the API (property)', () => {
  it('end finished at 100 %, every job finished exactly once, whatever the graph and the order of finishing', async () => {
    await fc.assert(
      fc.asyncProperty(graphs, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), async (graph, picks) => {
        const workflow = await w.projectWorkflow(w.memberProjectId, w.admin, [graph]);
        const session = (
          await w.admin.call(routes.start, { params: { id: w.memberProjectId }, body: { workflow: workflow.id, name: unique('Property') } })
        ).data;
        const params = { id: w.memberProjectId, sessionId: session.id };
        const finishedByHand: string[] = [];
        let flow = (await w.admin.call(routes.flow, { params })).data;
        const deadline = Date.now() + 20_000;
        for (let step = 0; flow.session.status !== 'finished'; step++) {
          expect(Date.now(), 'the session did not end within 20 s').toBeLessThan(deadline);
          // a job opens only when the jobs of all its incoming links are finished
          const done = new Set(flow.nodes.filter((node) => node.job.status === 'finished').map((node) => node.id));
          for (const node of flow.nodes.filter((n) => n.job.status !== 'waiting'))
            expect(graph.links.filter((link) => link.to === node.id).every((link) => done.has(link.from))).toBe(true);
          const open = flow.nodes.filter((node) => node.job.manual && node.job.status === 'open');
          if (open.length > 0) {
            const job = open[picks[step % picks.length]! % open.length]!.job;
            await w.admin.call(routes.finish, { params: { id: w.memberProjectId, jobId: job.id }, body: { values: {} } });
            finishedByHand.push(job.node_id);
          } else {
            await sleep(20); // an automated job's turn: the process manager runs it
          }
          flow = (await w.admin.call(routes.flow, { params })).data;
        }
        expect(flow.session.progress).toBe(100);
        expect(flow.nodes.map((node) => node.job.status)).toEqual(graph.nodes.map(() => 'finished'));
        expect(finishedByHand.sort()).toEqual(
          flow.nodes
            .filter((node) => node.block.manual)
            .map((node) => node.id)
            .sort(),
        );
        // exactly once in the session's own stream, automated jobs included
        const events = await server.adapters.eventStore.readStream(toSessionStreamId(session.id));
        const finishes = events.filter((e) => e.type === 'SessionJobFinished').map((e) => (e.data as { nodeId: string }).nodeId);
        expect(finishes.sort()).toEqual(graph.nodes.map((node) => node.nodeId).sort());
        expect(events.filter((e) => e.type === 'SessionFinished')).toHaveLength(1);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
