import { randomUUID } from 'node:crypto';
import { toTaskStreamId, type TaskEvent, type TaskStatus } from '@stramien/domain';
import type { TestServer } from '../../testing/testServer';

export interface SeededTask {
  licenceId: string;
  projectId: string;
  createdBy: string;
  /** the creator when left out */
  assignedTo?: string;
  isPrivate?: boolean;
  status?: TaskStatus;
  labels?: string[];
}

let numbers = 0;

/**
 * A task written straight to the log for board tests (the task routes are not what they are about), its status
 * reached through the task's own events; resolves once the tasks read model holds it.
 */
export const seedBoardTask = async (server: Pick<TestServer, 'adapters' | 'projections'>, o: SeededTask): Promise<string> => {
  const taskId = randomUUID();
  const assignedTo = o.assignedTo ?? o.createdBy;
  const title = `Task ${taskId.slice(0, 6)}`;
  const at = new Date().toISOString();
  const notice = { title, createdBy: o.createdBy, assignedTo };
  const events: TaskEvent[] = [
    {
      type: 'TaskCreated',
      data: {
        taskId,
        licenceId: o.licenceId,
        projectId: o.projectId,
        number: 100_000 + ++numbers,
        title,
        description: null,
        parentId: null,
        taskType: null,
        metadata: null,
        sbscode: null,
        priority: 'normal',
        assignedTo,
        createdBy: o.createdBy,
        plannedStart: null,
        plannedEnd: null,
        due: null,
        isPrivate: o.isPrivate ?? false,
        labels: o.labels ?? [],
        automated: false,
        automationId: null,
        createdAt: at,
      },
    },
  ];
  if (o.status === 'closed') events.push({ type: 'TaskClosed', data: { taskId, ...notice } } as TaskEvent);
  if (o.status === 'canceled') events.push({ type: 'TaskCanceled', data: { taskId, ...notice } } as TaskEvent);
  const metadata = { userId: o.createdBy, licenceId: o.licenceId, correlationId: 'test', causationId: 'test', occurredAt: at };
  const { position } = await server.adapters.eventStore.append(
    toTaskStreamId(taskId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata })),
    'no_stream',
  );
  await server.projections.runner.waitForPosition(position, 5000);
  return taskId;
};
