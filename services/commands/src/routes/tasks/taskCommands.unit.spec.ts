import { describe, expect, it } from 'vitest';
import { DomainError, fold, taskDecider, type TaskCommand, type TaskEvent } from '@stramien/domain';
import { onlyPlainDetails } from './taskCommands';

const metadata = { actor: { userId: 'creator', licenceId: 'l1' }, now: '2026-01-01T09:00:00.000Z' };
const facts = { assigneeCanSeeProject: true, parentAvailable: true, parentCycle: false };
const decide = (command: TaskCommand, history: TaskEvent[] = []): TaskEvent[] => {
  const events = taskDecider.decide(command, fold(taskDecider, history));
  if (events instanceof DomainError) throw events;
  return events;
};
const created = decide({
  type: 'CreateTask',
  data: {
    taskId: 't1',
    licenceId: 'l1',
    projectId: 'p1',
    number: 1,
    title: 'Pour the slab',
    priority: 'normal',
    assignedTo: 'worker',
    assigneeCanSeeProject: true,
    parentAvailable: true,
    labelsAvailable: true,
  },
  metadata,
});
/** the events of `PUT /tasks/{id}` with these changes, as the domain decides them */
const update = (changes: Record<string, unknown>) => decide({ type: 'UpdateTask', data: { ...facts, ...changes }, metadata }, created);

describe('which task updates are answered before the read models (docs/performance.md 48.)', () => {
  it('those that change only plain details: title, description, priority, sbscode, type, metadata', () => {
    expect(onlyPlainDetails(update({ title: 'Cure the slab', priority: 'urgent', description: 'Wet', sbscode: '1.2' }))).toBe(true);
    expect(onlyPlainDetails(update({ metadata: { floor: 2 } }))).toBe(true);
    expect(onlyPlainDetails([])).toBe(true);
  });

  it('not those that change what access checks and facts read (private flag, assignee, parent) or the dates', () => {
    expect(onlyPlainDetails(update({ isPrivate: true }))).toBe(false);
    expect(onlyPlainDetails(update({ title: 'Cure the slab', assignedTo: 'someone' }))).toBe(false);
    expect(onlyPlainDetails(update({ parentId: 't0' }))).toBe(false);
    expect(onlyPlainDetails(update({ due: '2026-02-01' }))).toBe(false);
  });
});
