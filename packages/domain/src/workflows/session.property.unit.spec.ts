import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domainError';
import { fold } from '../shared/decider';
import { sessionDecider, type SessionCommand } from './decideSession';
import { columnsOf, validateGraph, type WorkflowGraph } from './graph';
import { NO_PANEL_FACTS } from './panelValues';
import { sessionProgress, type SessionEvent, type SessionState } from './session';
import { automatedConfig, commandOf, graphOf, manualConfig } from './testFixtures';

const command = commandOf<SessionCommand>();
const form = manualConfig([{ id: 'remarks', label: 'Remarks', type: 'text', required: true }]);
const auto = automatedConfig();

/**
 * A random workflow graph with one start node, every node reachable: node i > 0 has one to four links from nodes
 * before it (so no loop), each node manual or automated.
 */
const graphs: fc.Arbitrary<WorkflowGraph> = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.record({
      manual: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      parents: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ manual, parents }) => {
    const nodes = Object.fromEntries(manual.map((m, i) => [`n${i}`, m ? form : auto]));
    const links = parents.flatMap((from, i) => (i === 0 ? [] : [...new Set(from.map((p) => p % i))].map((p) => `n${p}>n${i}`)));
    return graphOf(nodes, links);
  });

/** what a step does to the job it picks: finish it, or (an automated one) fail and have it retried first */
const steps = fc.array(fc.record({ pick: fc.nat(), fail: fc.boolean() }), { maxLength: 60 });

const apply = (state: SessionState, events: SessionEvent[], c: SessionCommand): SessionState => {
  const result = sessionDecider.decide(c, state);
  if (result instanceof DomainError) throw new Error(`${c.type} refused: ${result.message}`);
  events.push(...result);
  return result.reduce(sessionDecider.evolve, state);
};

describe('A session of a random workflow', () => {
  it('finishes every job exactly once, whatever the order, with progress 100 and one SessionFinished', () => {
    fc.assert(
      fc.property(graphs, steps, (graph, plan) => {
        expect(validateGraph(graph)).toEqual([]);
        expect(Object.keys(columnsOf(graph))).toHaveLength(graph.nodes.length);
        const events: SessionEvent[] = [];
        let state = apply(
          sessionDecider.initialState(),
          events,
          command('StartSession', {
            sessionId: 's1',
            projectId: 'p1',
            projectWorkflowId: 'pw1',
            workflowId: 'w1',
            workflowName: 'Random',
            version: 1,
            graph,
            name: 'Random',
            sbsCode: null,
            sbsCodeKnown: false,
          }),
        );
        for (let step = 0; ; step++) {
          const open = state.jobs.filter((j) => j.status === 'open');
          if (open.length === 0) break;
          expect(step).toBeLessThan(4 * graph.nodes.length + plan.length);
          const { pick, fail } = plan[step] ?? { pick: 0, fail: false };
          const job = open[pick % open.length]!;
          if (job.manual)
            state = apply(
              state,
              events,
              command('FinishSessionJob', { jobId: job.jobId, values: { remarks: 'done' }, facts: NO_PANEL_FACTS }),
            );
          else if (fail) {
            state = apply(state, events, command('FailAutomatedJob', { jobId: job.jobId, error: 'boom', attempts: 8 }));
            state = apply(state, events, command('RetryAutomatedJob', { jobId: job.jobId }));
          } else state = apply(state, events, command('FinishAutomatedJob', { jobId: job.jobId, result: null }));
        }
        const count = (type: SessionEvent['type'], jobId: string) =>
          events.filter((e) => e.type === type && 'jobId' in e.data && e.data.jobId === jobId).length;
        for (const job of state.jobs) {
          expect(count('SessionJobFinished', job.jobId)).toBe(1);
          expect(count('SessionJobOpened', job.jobId)).toBe(1);
        }
        expect(sessionProgress(state.jobs)).toBe(100);
        expect(events.filter((e) => e.type === 'SessionFinished')).toHaveLength(1);
        expect(events.at(-1)?.type).toBe('SessionFinished');
        expect(fold(sessionDecider, events)).toEqual(state);
        // a job opens only after every job linking to it has finished
        events.forEach((event, i) => {
          if (event.type !== 'SessionJobOpened') return;
          const before = fold(sessionDecider, events.slice(0, i));
          const from = graph.links.filter((l) => l.to === event.data.nodeId).map((l) => l.from);
          expect(before.jobs.filter((j) => from.includes(j.nodeId)).every((j) => j.status === 'finished')).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
