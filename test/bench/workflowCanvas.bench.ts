import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM } from '../e2e/chromium';
import { builderRoutes, identityRoutes, projectRoutes, projectWorkflowRoutes, sessionRoutes } from '@stramien/api';
import { DEMO, startTestServer, type TestServer } from '@stramien/commands/testing/testServer';
import { layoutLeftToRight } from '../../apps/web/src/features/workflows/shared/layout';
import { atMost, info, percentile, round, type BenchFigure } from './figures';

export interface WorkflowCanvasBenchOptions {
  /** nodes of the workflow; default 200 */
  nodes?: number;
  /** measured loads of each page, after one warm-up load; default 5 */
  loads?: number;
  /** the built web app; default apps/web/dist (built first when missing) */
  dist?: string;
  log?: (line: string) => void;
}

/** the browser window: a laptop screen */
const VIEWPORT = { width: 1440, height: 900 };
/** parallel lanes of the graph's middle part */
const LANES = 10;

/** A block file as the builder's API takes it: the configuration's JSON, base64. */
const blockFile = (config: object) => Buffer.from(JSON.stringify(config), 'utf8').toString('base64');
const BLOCKS = [
  { name: 'Intake', panels: [{ id: 'main', title: 'Main', fields: [{ id: 'remarks', label: 'Remarks', type: 'text' }] }] },
  { name: 'Check', panels: [{ id: 'main', title: 'Main', fields: [{ id: 'ok', label: 'In order', type: 'checkbox' }] }] },
  { name: 'Review', panels: [{ id: 'main', title: 'Main', fields: [{ id: 'note', label: 'Note', type: 'text' }] }] },
  { name: 'Report', action: { type: 'notify', to: 'session-starter', message: '{{session.name}}: a step is done' } },
];

/**
 * The graph: a chain from the start node, a branch into `LANES` parallel lanes, the lanes running side by side with a
 * cross link into the neighbouring lane every third step (joins: a node with two incoming links), and one node that
 * joins every lane at the end. Nodes by index (0 = the start), links as [from, to] indexes.
 */
export const benchGraph = (total: number): { nodes: number; links: Array<[number, number]> } => {
  if (total < 3 * LANES) return { nodes: total, links: Array.from({ length: total - 1 }, (_, i): [number, number] => [i, i + 1]) };
  const stages = Math.max(1, Math.floor((total - 2) / LANES) - 1);
  const chain = total - 1 - stages * LANES;
  const links: Array<[number, number]> = [];
  for (let i = 1; i < chain; i++) links.push([i - 1, i]);
  const lane = (stage: number, j: number) => chain + stage * LANES + j;
  for (let j = 0; j < LANES; j++) links.push([chain - 1, lane(0, j)]);
  for (let s = 0; s + 1 < stages; s++)
    for (let j = 0; j < LANES; j++) {
      links.push([lane(s, j), lane(s + 1, j)]);
      if (s % 3 === 2) links.push([lane(s, j), lane(s + 1, (j + 1) % LANES)]);
    }
  const last = total - 1;
  for (let j = 0; j < LANES; j++) links.push([lane(stages - 1, j), last]);
  return { nodes: total, links };
};

type Admin = ReturnType<TestServer['api']>;

/**
 * A published builder workflow of `total` nodes made through the builder's API. `placed`: each node at the place the
 * builder's Tidy gives it (a workflow built in the builder has every node placed: a new node is put right of the others,
 * Tidy and dragging save places); otherwise no node is placed, and the builder lays them out when it opens the draft.
 */
const builderWorkflow = async (admin: Admin, licenceId: string, total: number, placed: boolean): Promise<string> => {
  const workflow = (
    await admin.call(builderRoutes.create, { body: { name: `Canvas bench ${total}${placed ? ' placed' : ''}`, license: licenceId } })
  ).data;
  const params = { id: workflow.id };
  const blocks: string[] = [];
  for (const config of BLOCKS)
    blocks.push((await admin.call(builderRoutes.addBlock, { params, body: { file: blockFile(config) } })).data.id);
  const graph = benchGraph(total);
  const places = placed
    ? layoutLeftToRight(
        Array.from({ length: total }, (_, i) => String(i)),
        graph.links.map(([from, to]) => ({ source: String(from), target: String(to) })),
      )
    : {};
  const nodes: string[] = [];
  for (let i = 0; i < graph.nodes; i++) {
    // the start node takes a form; automated nodes here and there
    const block = i === 0 ? blocks[0]! : blocks[i % 7 === 0 ? 3 : i % 3]!;
    const body = { block, ...(i === 0 ? { type: 'start' as const } : {}), ...(placed ? { position: places[String(i)]! } : {}) };
    nodes.push((await admin.call(builderRoutes.addNode, { params, body })).data.id);
  }
  for (const [from, to] of graph.links)
    await admin.call(builderRoutes.addLink, { params, body: { previous_node: nodes[from]!, node: nodes[to]! } });
  await admin.call(builderRoutes.publish, { params });
  return workflow.id;
};

/**
 * The pages measured: the builder of the `total`-node workflow with its nodes placed and unplaced, and the session
 * flow of a session of it; and the session flow of a two-node workflow, the same page without the canvas's weight.
 */
export const seed = async (server: TestServer, total: number) => {
  const admin = server.api(await server.signIn(DEMO.admin));
  const me = await admin.call(identityRoutes.currentUser);
  const licenceId = me.licenses[0]!.id;
  const placed = await builderWorkflow(admin, licenceId, total, true);
  const unplaced = await builderWorkflow(admin, licenceId, total, false);
  const small = await builderWorkflow(admin, licenceId, 2, true);
  const project = (
    await admin.call(projectRoutes.create, {
      body: { license: licenceId, name: 'Canvas bench', number: 'CB-1', roles: [{ name: 'Crew', is_projectadmin: false, users: [] }] },
    })
  ).data;
  const sessionPath = async (workflowId: string) => {
    const projectWorkflow = (await admin.call(projectWorkflowRoutes.add, { params: { id: project.id }, body: { workflow: workflowId } }))
      .data;
    const session = (
      await admin.call(sessionRoutes.start, { params: { id: project.id }, body: { workflow: projectWorkflow.id, name: 'Canvas session' } })
    ).data;
    return {
      path: `/project/${project.slug}/workflows/${projectWorkflow.id}/sessions/${session.id}`,
      data: `/session/${session.id}/flow`,
    };
  };
  return {
    links: benchGraph(total).links.length,
    builderPlaced: { path: `/workflow-management/builder/${placed}`, data: `/api/builder/workflow/${placed}` },
    builderUnplaced: { path: `/workflow-management/builder/${unplaced}`, data: `/api/builder/workflow/${unplaced}` },
    flow: await sessionPath(unplaced),
    smallFlow: await sessionPath(small),
  };
};

/**
 * Installed in every page before its scripts: watches the DOM from the start and notes, in performance.now() (from
 * the navigation's start), when the canvas first holds `nodes` workflow nodes, all measured (React Flow hides a node
 * until it knows its size) and at least `edges` edges; then the start of the next frame (the frame that paints them).
 */
export const watchCanvas = ({ nodes, edges, data }: { nodes: number; edges: number; data: string }) => {
  const w = window as unknown as { __canvas?: { ready: number; frame: number; answered: number; nodes: number; edges: number } };
  const observer = new MutationObserver(() => {
    const shown = document.querySelectorAll<HTMLElement>('.react-flow__node-workflow');
    if (shown.length < nodes) return;
    for (const node of shown) if (node.style.visibility === 'hidden') return;
    const drawn = document.querySelectorAll('.react-flow__edge').length;
    if (drawn < edges) return;
    observer.disconnect();
    const ready = performance.now();
    requestAnimationFrame(() => {
      // the answer the canvas is drawn from: the last one in before it was drawn
      const answers = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => new URL(r.name).pathname.endsWith(data) && r.responseEnd > 0 && r.responseEnd <= ready,
      );
      const answered = answers.length > 0 ? answers[answers.length - 1]!.responseEnd : Number.NaN;
      w.__canvas = { ready, frame: performance.now(), answered, nodes: shown.length, edges: drawn };
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
};

/** What the canvas of a page shows once it has settled: rendered nodes and edges (to learn what "all" is). */
const settledCounts = async (page: Page, path: string) => {
  await page.goto(path);
  await page.locator('.react-flow__node-workflow').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  return page.evaluate(() => ({
    nodes: document.querySelectorAll('.react-flow__node-workflow').length,
    edges: document.querySelectorAll('.react-flow__edge').length,
  }));
};

/** Loads `path` `loads + 1` times (the first a warm-up), each timed from the navigation's start to the canvas drawn. */
const timeLoads = async (
  browser: Browser,
  { origin, token, path, data, loads, label }: { origin: string; token: string; path: string; data: string; loads: number; label: string },
  log: (line: string) => void,
) => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.evaluate((accessToken) => {
      localStorage.setItem('stramien.accessToken', accessToken);
      localStorage.setItem('stramien.accessTokenExpiresAt', String(Date.now() + 3_000_000));
      localStorage.setItem('stramien.language', 'en');
      localStorage.setItem('stramien.tour.dashboard', 'seen');
      localStorage.setItem('stramien.tour.project-dashboard', 'seen');
    }, token);
    const all = await settledCounts(page, `${origin}${path}`);
    log(`workflowCanvas: ${label} settles with ${all.nodes} nodes and ${all.edges} edges drawn`);
    await page.close();
    const times: number[] = [];
    /** from the answer the canvas is drawn from to the canvas drawn: the canvas's own time */
    const fromAnswer: number[] = [];
    /** from the router's navigation inside the running app to the canvas drawn */
    const inAppTimes: number[] = [];
    for (let i = 0; i <= loads; i++) {
      const tab = await context.newPage();
      await tab.addInitScript(watchCanvas, { ...all, data });
      await tab.goto(`${origin}${path}`, { waitUntil: 'commit' });
      const handle = await tab.waitForFunction(() => (window as unknown as { __canvas?: unknown }).__canvas, undefined, {
        timeout: 60_000,
      });
      const seen = (await handle.jsonValue()) as { ready: number; frame: number; answered: number; nodes: number; edges: number };
      if (i > 0) {
        times.push(seen.ready);
        fromAnswer.push(seen.ready - seen.answered);
      }
      log(
        `workflowCanvas: ${label} load ${i === 0 ? 'warm-up' : i}: ${round(seen.ready)} ms, ${round(seen.ready - seen.answered)} ms after its data came (next frame ${round(seen.frame)} ms)`,
      );
      await tab.close();
      // the user already in the app (the dashboard, settled) opens the page: the router's navigation, in a fresh tab
      // so no answer is cached, timed from the navigation to the canvas drawn
      const app = await context.newPage();
      await app.addInitScript(watchCanvas, { ...all, data });
      await app.goto(`${origin}/`);
      await app.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      const navigated = await app.evaluate((to) => {
        const at = performance.now();
        window.history.pushState({ usr: null, key: 'bench', idx: 1 }, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        return at;
      }, path);
      const inApp = (await (
        await app.waitForFunction(() => (window as unknown as { __canvas?: unknown }).__canvas, undefined, { timeout: 60_000 })
      ).jsonValue()) as { ready: number };
      if (i > 0) inAppTimes.push(inApp.ready - navigated);
      log(`workflowCanvas: ${label} in the app ${i === 0 ? 'warm-up' : i}: ${round(inApp.ready - navigated)} ms`);
      await app.close();
    }
    return { ...all, times, fromAnswer, inAppTimes };
  } finally {
    await context.close();
  }
};

/**
 * Issue 9's "A workflow of 200 nodes: the builder canvas and the session flow render in ≤ 1 s", in Debian's headless
 * Chromium against the built web app served by a test server (the e2e tests' server, in this process). The workflows
 * are made through the builder's API (a chain, ten parallel lanes with cross links, a final join), published, added
 * to a project and started. Each page is loaded once to learn what its settled canvas draws, once as a warm-up, then
 * `loads` times in a fresh tab (the browser's cache warm, as for a user coming back): timed from the navigation's
 * start to the DOM holding every node, measured, and the edges; the next frame's start is logged. The builder is
 * measured with the nodes placed (as a workflow built in the builder has them) and unplaced (dagre lays them out in the
 * browser); it draws only what is in view (`onlyRenderVisibleElements`): the figure's name says how many of the nodes
 * its fitted view shows. The session flow of a two-node workflow is the same page without the canvas's weight.
 */
export async function benchWorkflowCanvas(options: WorkflowCanvasBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.nodes ?? 200;
  const loads = options.loads ?? 5;
  const dist = options.dist ?? join('apps', 'web', 'dist');
  const log = options.log ?? (() => {});
  if (!existsSync(join(dist, 'index.html'))) {
    log('workflowCanvas: building the web app');
    const build = spawnSync('npx', ['vite', 'build'], { cwd: join(dist, '..'), stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build exited with ${build.status ?? build.signal}`);
  }
  const server = await startTestServer({ STRAMIEN_WEB_DIST: join(process.cwd(), dist) });
  let browser: Browser | undefined;
  try {
    log(`workflowCanvas: seeding a workflow of ${total} nodes through the builder's API`);
    const seeded = await seed(server, total);
    const token = await server.signIn(DEMO.admin);
    browser = await chromium.launch(CHROMIUM);
    const time = (page: { path: string; data: string }, label: string) =>
      timeLoads(browser!, { origin: server.url, token, ...page, loads, label }, log);
    const placed = await time(seeded.builderPlaced, 'builder, nodes placed');
    const unplaced = await time(seeded.builderUnplaced, 'builder, nodes unplaced');
    const flow = await time(seeded.flow, 'session flow');
    const small = await time(seeded.smallFlow, 'session flow, 2 nodes');
    const shown = (counts: { nodes: number; edges: number }) =>
      counts.nodes >= total ? `all ${total} nodes` : `the ${counts.nodes} of ${total} nodes in view`;
    const median = (times: number[]) => round(percentile(times, 50));
    const max = (times: number[]) => round(Math.max(...times));
    return [
      info('workflow canvas: nodes / links of the workflow', total, `nodes / ${seeded.links} links`),
      atMost(
        `workflow builder canvas, ${total} nodes placed: opened in the app -> ${shown(placed)} and ${placed.edges} edges drawn, median`,
        median(placed.inAppTimes),
        'ms',
        1000,
      ),
      info(
        `workflow builder canvas, ${total} nodes placed: a cold page load (the app starting) -> drawn, median`,
        median(placed.times),
        'ms',
      ),
      info(`workflow builder canvas, ${total} nodes placed: opened in the app, max of ${loads}`, max(placed.inAppTimes), 'ms'),
      info(`workflow builder canvas, ${total} nodes placed: its data answered -> drawn, median`, median(placed.fromAnswer), 'ms'),
      atMost(
        `workflow builder canvas, ${total} nodes unplaced (laid out on load): opened in the app -> ${shown(unplaced)} drawn, median`,
        median(unplaced.inAppTimes),
        'ms',
        1000,
      ),
      info(`workflow builder canvas, ${total} nodes unplaced: a cold page load -> drawn, median`, median(unplaced.times), 'ms'),
      info(`workflow builder canvas, ${total} nodes unplaced: opened in the app, max of ${loads}`, max(unplaced.inAppTimes), 'ms'),
      info(`workflow builder canvas, ${total} nodes unplaced: its data answered -> drawn, median`, median(unplaced.fromAnswer), 'ms'),
      atMost(
        `workflow session flow, ${total} nodes: opened in the app -> ${shown(flow)} and ${flow.edges} edges drawn, median`,
        median(flow.inAppTimes),
        'ms',
        1000,
      ),
      info(`workflow session flow, ${total} nodes: a cold page load -> drawn, median`, median(flow.times), 'ms'),
      info(`workflow session flow, ${total} nodes: opened in the app, max of ${loads}`, max(flow.inAppTimes), 'ms'),
      info(`workflow session flow, ${total} nodes: its flow answered -> drawn, median`, median(flow.fromAnswer), 'ms'),
      info(
        'workflow session flow, 2 nodes (the page without the canvas weight): opened in the app -> drawn, median',
        median(small.inAppTimes),
        'ms',
      ),
      info('workflow session flow, 2 nodes: a cold page load -> drawn, median', median(small.times), 'ms'),
      info('workflow session flow, 2 nodes: its flow answered -> drawn, median', median(small.fromAnswer), 'ms'),
    ];
  } finally {
    await browser?.close();
    await server.close();
  }
}
