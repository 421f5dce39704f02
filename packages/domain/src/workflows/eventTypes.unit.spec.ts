import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE } from '../webhooks/eventCatalogue';

// projections and the notifier select events by type across every stream: a workflow event named like another
// context's (the background jobs' `JobFinished`) would be read as that one
describe('The workflow event types', () => {
  it('are listed in the event catalogue and used by no other category', () => {
    const workflowCategories = ['workflow', 'projectWorkflow', 'session'];
    const ours = EVENT_CATALOGUE.filter((c) => workflowCategories.includes(c.category));
    expect(ours.map((c) => c.category)).toEqual(workflowCategories);
    const others = new Set(EVENT_CATALOGUE.filter((c) => !workflowCategories.includes(c.category)).flatMap((c) => Object.keys(c.schemas)));
    const clashes = ours.flatMap((c) => Object.keys(c.schemas)).filter((type) => others.has(type));
    expect(clashes).toEqual([]);
  });
  it('carry a job file upload in the session category (webhooks and the event feed see it)', () => {
    const session = EVENT_CATALOGUE.find((c) => c.category === 'session')!;
    expect(Object.keys(session.schemas)).toContain('SessionJobFileUploaded');
  });
});
