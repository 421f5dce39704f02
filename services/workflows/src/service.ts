import type { Adapters } from '@stramien/infra';
import type { WorkflowTaskPorts } from './actions';
import { createWorkflowManager, type WorkflowManagerOptions } from './manager';

/**
 * Fault injection for the SIGKILL test (test/reliability/workflowManagerKill.int.spec.ts, docs/workflows.md "The
 * process manager as built"): with `STRAMIEN_WORKFLOWS_FAULT=kill-after-effect` the process kills itself (SIGKILL)
 * right after an automated job's effect and before its `SessionJobFinished`, the one moment the test must hit.
 */
export const WORKFLOWS_FAULT_ENV = 'STRAMIEN_WORKFLOWS_FAULT';
export const KILL_AFTER_EFFECT = 'kill-after-effect';

/** The process manager on the configured adapters, started (the one-process runtime). */
export const startWorkflowManager = async (
  adapters: Pick<Adapters, 'eventStore' | 'documentStore' | 'health'>,
  tasks: WorkflowTaskPorts,
  overrides: Pick<WorkflowManagerOptions, 'onError'> & { env?: Record<string, string | undefined> } = {},
) => {
  const env = overrides.env ?? process.env;
  const manager = createWorkflowManager({
    eventStore: adapters.eventStore,
    documentStore: adapters.documentStore,
    health: adapters.health,
    tasks,
    onError: overrides.onError ?? ((error) => console.error('workflow process manager failed', error)),
    ...(env[WORKFLOWS_FAULT_ENV] === KILL_AFTER_EFFECT ? { afterEffect: () => process.kill(process.pid, 'SIGKILL') } : {}),
  });
  await manager.start();
  return manager;
};
