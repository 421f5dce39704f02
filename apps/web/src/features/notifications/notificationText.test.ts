import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@stramien/api';
import { changeLanguage, i18n } from '../../shared/i18n';
import { notificationTarget, notificationText } from './notificationText';

afterEach(() => changeLanguage('en'));

const signIn = (data: Record<string, unknown>): Notification => ({
  id: 'n1',
  type: 'default',
  data,
  created_at: '2026-01-01T00:00:00.000Z',
  read_at: null,
});
const t = () => i18n.getFixedT(null, 'notifications');

describe('notificationText', () => {
  const composed = signIn({
    message: 'New sign-in to your account from Chrome on Linux',
    messageKey: 'notifications.signInBrowserOnSystem',
    messageValues: { browser: 'Chrome', system: 'Linux' },
    status: 'info',
  });

  it('renders a server-composed notification from its key and values in the reader’s language', async () => {
    expect(notificationText(composed, t())).toBe('New sign-in to your account from Chrome on Linux');
    await changeLanguage('nl');
    expect(notificationText(composed, t())).toBe('Nieuwe aanmelding op je account vanuit Chrome op Linux');
    await changeLanguage('de');
    expect(notificationText(composed, t())).toBe('Neue Anmeldung bei Ihrem Konto über Chrome unter Linux');
  });

  it("renders a workflow job that is ready for its assignee in the reader's language", async () => {
    const opened: Notification = {
      ...signIn({
        message: 'The job Inspect of the session Block A is ready for you',
        messageKey: 'notifications.workflowJobOpened',
        messageValues: { job: 'Inspect', session: 'Block A' },
        status: 'info',
      }),
      type: 'workflow_job_opened',
    };
    expect(notificationText(opened, t())).toBe('The job Inspect of the session Block A is ready for you');
    await changeLanguage('nl');
    expect(notificationText(opened, t())).toBe('De taak Inspect van de sessie Block A staat voor u klaar');
    await changeLanguage('de');
    expect(notificationText(opened, t())).toBe('Der Auftrag Inspect der Sitzung Block A ist für Sie bereit');
  });

  it('shows the English message of a notification without a key', async () => {
    await changeLanguage('nl');
    expect(notificationText(signIn({ message: 'Welcome', status: 'info' }), t())).toBe('Welcome');
  });
});

describe('notificationTarget', () => {
  const of = (type: Notification['type'], data: Record<string, unknown>): Notification => ({ ...signIn(data), type });
  it("opens a task's page, a workflow job's task (whose page opens the job) and the downloads", () => {
    expect(notificationTarget(of('task', { taskId: 't 1' }))).toBe('/tasks/t%201');
    expect(notificationTarget(of('workflow_job_assigned', { taskId: 't2', sessionId: 's', jobId: 'j' }))).toBe('/tasks/t2');
    expect(notificationTarget(of('workflow_job_opened', { taskId: 't4', sessionId: 's', jobId: 'j' }))).toBe('/tasks/t4');
    expect(notificationTarget(of('download', {}))).toBe('/downloads');
    expect(notificationTarget(of('default', { taskId: 't3' }))).toBeNull();
  });
});
