import { randomUUID } from 'node:crypto';
import { identityRoutes, projectRoutes } from '@stramien/api';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { SBS_NODES_COLLECTION, SBS_ROOT_KEY, sbsSearchText, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_TERMS_COLLECTION, sbsSearchTerms, sbsTermId, type SbsTermDoc } from '@stramien/projections/sbs/sbsTerms';
import { atMost, elapsedMs, info, percentile, round, type BenchFigure } from './figures';
import { createHttpClient } from './http';

export interface SbsBenchOptions {
  /** samples per figure; default 200 */
  samples?: number;
  /** leaves under each third-level node; default 99 (100,110 nodes), 9 for a small run (10,110 nodes) */
  leaves?: number;
  log?: (line: string) => void;
}

/** branching per level: 10 roots, 10, 10, then 99 leaves under each third-level node: 100,110 nodes */
const FAN_OUT = [10, 10, 10, 99];
const WORDS = ['wall', 'floor', 'roof', 'door', 'window', 'stair', 'pipe', 'cable', 'beam', 'column'];

/**
 * The SBS of one project with 100,000 nodes (issue 8 "Measured"): children of a node and search over HTTP. The nodes
 * are seeded as documents of the `sbs_nodes` read model (as the projection writes them), in bulk: creating 100,000
 * nodes through the command pipeline would measure the seeding, not the reads.
 */
export async function benchSbs(options: SbsBenchOptions = {}): Promise<BenchFigure[]> {
  const samples = options.samples ?? 200;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, 4);
  try {
    const token = await server.signIn(DEMO.admin);
    const admin = server.api(token);
    const licenceId = (await admin.call(identityRoutes.currentUser)).licenses[0]!.id;
    const projectId = (
      await admin.call(projectRoutes.create, { body: { license: licenceId, name: 'SBS bench', number: randomUUID().slice(0, 8) } })
    ).data.id;

    const collection = server.adapters.documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
    const termCollection = server.adapters.documentStore.collection<SbsTermDoc>(SBS_TERMS_COLLECTION);
    const fanOut = [...FAN_OUT.slice(0, -1), options.leaves ?? FAN_OUT[FAN_OUT.length - 1]!];
    const parents: string[][] = [[SBS_ROOT_KEY]];
    const codes = new Map<string, string>([[SBS_ROOT_KEY, '']]);
    let total = 0;
    const batch: SbsNodeDoc[] = [];
    const termBatch: SbsTermDoc[] = [];
    for (const [level, fan] of fanOut.entries()) {
      const next: string[] = [];
      for (const parentKey of parents[level]!) {
        for (let n = 1; n <= fan; n++) {
          const id = randomUUID();
          const code = `${codes.get(parentKey) ? `${codes.get(parentKey)}.` : 'S'}${n}`;
          const label = `${WORDS[(total + n) % WORDS.length]} ${total}`;
          if (level < fanOut.length - 1) codes.set(id, code);
          batch.push({
            _id: id,
            projectId,
            versionId: projectId,
            code,
            label,
            parentKey,
            childCount: fanOut[level + 1] ?? 0,
            search: sbsSearchText(code, label),
          });
          for (const term of sbsSearchTerms(sbsSearchText(code, label)))
            termBatch.push({ _id: sbsTermId(id, term), nodeId: id, projectId, versionId: projectId, term, code });
          next.push(id);
          total++;
          if (batch.length >= 5_000) await collection.insertMany(batch.splice(0));
          if (termBatch.length >= 20_000) await termCollection.insertMany(termBatch.splice(0));
        }
      }
      parents.push(next);
    }
    if (batch.length > 0) await collection.insertMany(batch.splice(0));
    if (termBatch.length > 0) await termCollection.insertMany(termBatch.splice(0));
    log(`sbs: ${await collection.count({ projectId })} nodes seeded`);

    const headers = { authorization: `Bearer ${token}` };
    const measure = async (label: string, path: (i: number) => string) => {
      const latencies: number[] = [];
      let rows = 0;
      for (let i = 0; i < samples + 20; i++) {
        const sentAt = process.hrtime.bigint();
        const answer = await http.call('GET', path(i), undefined, headers);
        const ms = elapsedMs(sentAt);
        if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.slice(0, 300)}`);
        if (i >= 20) latencies.push(ms);
        rows = (JSON.parse(answer.body) as { data: unknown[] }).data.length;
      }
      log(`sbs: ${label}: ${rows} rows, p95 ${round(percentile(latencies, 95), 1)} ms`);
      return { p95: round(percentile(latencies, 95), 2), p50: round(percentile(latencies, 50), 2) };
    };
    const pick = (list: string[], i: number) => list[(i * 7919) % list.length]!;
    const third = parents[3]!;
    const children = await measure('children of a node (99)', (i) => `/api/project/${projectId}/sbs/${pick(third, i)}/children`);
    const tree = await measure('tree roots', () => `/api/project/${projectId}/sbs-tree`);
    // a rare value (one code) scans the version; a common one stops at 100 matches
    const rare = await measure(
      'search, one match',
      (i) =>
        `/api/project/${projectId}/sbs-search?value=${encodeURIComponent(`S${(i % 10) + 1}.${(i % 9) + 1}.3.${(i % fanOut[3]!) + 1}`)}`,
    );
    const common = await measure('search, many matches', (i) => `/api/project/${projectId}/sbs-search?value=${WORDS[i % WORDS.length]}`);
    const treeSearch = await measure(
      'tree search (with ancestors)',
      (i) => `/api/project/${projectId}/sbs-tree/search?value=${encodeURIComponent(`S${(i % 10) + 1}.2.${(i % 9) + 1}.7`)}`,
    );
    return [
      atMost('sbs: children of a node p95 (100,000 nodes)', children.p95, 'ms', 20),
      info('sbs: children of a node p50', children.p50, 'ms'),
      info('sbs: tree roots p95', tree.p95, 'ms'),
      atMost('sbs: search p95, one match (100,000 nodes)', rare.p95, 'ms', 100),
      atMost('sbs: search p95, many matches', common.p95, 'ms', 100),
      info('sbs: tree search p95', treeSearch.p95, 'ms'),
    ];
  } finally {
    http.close();
    await server.close();
  }
}
