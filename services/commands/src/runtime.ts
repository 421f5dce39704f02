import { createAdapters, loadConfig, type Config } from '@stramien/infra';
import { startProjectionsService } from '@stramien/projections';
import { createChannelAuth, createNotifier, createSocketHub, registerNotifierRoutes } from '@stramien/notifier';
import { createAuthenticator, jwtSecret } from '@stramien/infra';
import { createJobWorker, defaultJobKinds } from '@stramien/jobs';
import { startWebhookDispatcher } from '@stramien/webhooks';
import { startWorkflowManager } from '@stramien/workflows';
import { buildApp, createAppDeps } from './app';
import { seedKnowledgeBase } from './bootstrap/knowledgeBase';
import { printDemoAccounts, seedDemo, type DemoAccount } from './bootstrap/demo';
import { userCanSeeProject } from './access/taskAccess';
import { takeTaskNumber } from './routes/tasks/taskCommands';
import { PROJECTS_COLLECTION } from './plugins/permissionSubject';
import type { ProjectDoc } from '@stramien/projections/projects/projects';

/**
 * Everything in one process on the configured adapters (embedded by default): projections and the
 * bus forwarder, the notifier with its sockets, the webhook dispatcher, the workflow process manager, and the HTTP API
 * serving the web app.
 */
export const startAllInOne = async (
  config: Config = loadConfig(),
  options: { quiet?: boolean; env?: Record<string, string | undefined> } = {},
) => {
  const adapters = await createAdapters(config);
  const channelAuth = createChannelAuth(jwtSecret(config));
  const hub = createSocketHub({ bus: adapters.bus, channelAuth, health: adapters.health });
  const notifier = createNotifier({ bus: adapters.bus, documentStore: adapters.documentStore, health: adapters.health });
  // the notifier's durable subscriptions first: what the forwarder publishes again from its checkpoint after a restart
  // reaches them (the in-process bus keeps a durable's messages only from its first subscription on)
  await hub.start();
  await notifier.start();
  const projections = await startProjectionsService(adapters, { coalesceMs: config.STRAMIEN_PROJECTION_COALESCE_MS });
  const jobs = createJobWorker({ ...adapters, kinds: defaultJobKinds(), onError: (e) => console.error('[jobs]', e) });
  await jobs.start();
  const webhooks = await startWebhookDispatcher(config, adapters);
  const deps = createAppDeps(config, adapters, {
    waitFor: (p, t) => projections.runner.waitForPosition(p, t),
    passed: (p) => projections.runner.position() >= p,
  });
  // the workflow process manager: automated jobs, and tasks of type workflow through the API's task counter and rules
  const workflows = await startWorkflowManager(adapters, {
    takeTaskNumber: (projectId, taskId, actor, now) => takeTaskNumber(adapters.eventStore, projectId, taskId, actor, now),
    async canSeeProject(userId, projectId) {
      const project = await adapters.documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION).findOne({ _id: projectId });
      return project !== null && (await userCanSeeProject(deps, userId, project));
    },
  });
  const authenticate = createAuthenticator({ tokens: deps.tokens, documentStore: adapters.documentStore, cache: deps.authCache });
  const app = await buildApp(deps, (a) => registerNotifierRoutes(a, { hub, channelAuth, authenticate }));
  const demo: DemoAccount[] | null = await seedDemo(deps, options.env ?? process.env);
  await seedKnowledgeBase(deps);
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://localhost:${new URL(address).port}`;
  if (demo && !options.quiet) printDemoAccounts(demo, url);
  return {
    app,
    url,
    demo,
    adapters,
    projections,
    hub,
    jobs,
    /** the workflow process manager: its `position()` is how far it has read the log */
    workflows,
    /** bounded (each reader waits at most about a second for what it is doing), so a SIGTERM ends within 5 s */
    async stop() {
      await app.close();
      await Promise.all([hub.stop(), notifier.stop(), jobs.stop(), projections.stop(), webhooks.stop(), workflows.stop()]);
      await adapters.close();
    },
  };
};
export type AllInOne = Awaited<ReturnType<typeof startAllInOne>>;
