import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Project } from '@stramien/api';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

/**
 * Notifications and downloads in the browser: a task notification reaches the assignee live (their own browser
 * context, while another user changes the task), and a task export ends in a file on /downloads after the
 * download notification.
 */

const SHOTS = '/tmp/shots-jobs';
mkdirSync(SHOTS, { recursive: true });

const TEXTS = {
  en: {
    closed: (title: string) => `Task "${title}" was closed`,
    started: 'Export jobs are started. You will find result files on downloads page.',
    ready: (name: string) => `${name} is ready to download`,
    exportTasks: 'Export tasks',
    ready_state: 'Ready',
    download: 'Download',
  },
  nl: {
    closed: (title: string) => `Taak "${title}" is gesloten`,
    started: 'De exporttaken zijn gestart. De resultaatbestanden vind je op de downloadpagina.',
    ready: (name: string) => `${name} staat klaar om te downloaden`,
    exportTasks: 'Taken exporteren',
    ready_state: 'Klaar',
    download: 'Downloaden',
  },
  de: {
    closed: (title: string) => `Aufgabe „${title}“ wurde abgeschlossen`,
    started: 'Die Exportaufträge wurden gestartet. Die Ergebnisdateien finden Sie auf der Download-Seite.',
    ready: (name: string) => `${name} steht zum Herunterladen bereit`,
    exportTasks: 'Aufgaben exportieren',
    ready_state: 'Bereit',
    download: 'Herunterladen',
  },
} as const;

/** a project of the demo licence with the demo user as a member, and a task in it assigned to the user */
const taskForUser = async (request: Parameters<typeof apiToken>[0], adminToken: string, userToken: string, title: string) => {
  const admin = api(request, adminToken);
  const me = await api(request, userToken).get<{ id: string; licenses: { id: string; name: string }[] }>('/api/user');
  const licence = me.licenses.find((l) => l.name === 'Stramien Demo')!.id;
  const project = await admin.post<{ data: Project }>('/api/project', {
    license: licence,
    name: unique('Meldingen'),
    number: unique('M'),
    roles: [{ name: 'Uitvoering', is_projectadmin: false, users: [me.id] }],
  });
  const task = await admin.post<{ data: { id: string } }>('/api/tasks-create', {
    project: project.data.id,
    title,
    priority: 'normal',
    assigned_to: me.id,
  });
  return { admin, taskId: task.data.id };
};

const bellItems = (page: Page) => page.getByTestId('notification-list').getByTestId('notification-item');

test('the assignee sees a task notification arrive live, and its click opens the task', async ({ browser, request }) => {
  const [adminToken, userToken] = await Promise.all([apiToken(request, DEMO_ADMIN), apiToken(request, DEMO_USER)]);
  const title = unique('Pour the foundation');
  const { admin, taskId } = await taskForUser(request, adminToken, userToken, title);

  // the creator works in one browser, the assignee in another
  const creatorContext = await browser.newContext();
  const assigneeContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  const page = await assigneeContext.newPage();
  await openSignedIn(creatorPage, adminToken, 'en');
  await openSignedIn(page, userToken, 'en');
  // the bell has joined the user's private channel: from here on a notification is pushed to this page
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');

  await admin.post(`/api/tasks/${taskId}/close`, {});

  await expect(page.locator('.stramien-bell--ringing')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  const item = bellItems(page).filter({ hasText: TEXTS.en.closed(title) });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await page.screenshot({ path: `${SHOTS}/bell-en.png` });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}$`));
  // marked read on the server too: a fresh load shows it read
  const list = await api(request, userToken).get<{ data: { data: { taskId?: string }; read_at: string | null }[] }>('/api/notifications');
  expect(list.data.find((n) => n.data.taskId === taskId)?.read_at).not.toBeNull();
  // the creator closed it: nothing for them
  const creators = await admin.get<{ data: { data: { taskId?: string } }[] }>('/api/notifications');
  expect(creators.data.some((n) => n.data.taskId === taskId)).toBe(false);
  await creatorContext.close();
  await assigneeContext.close();
});

for (const language of ['en', 'nl', 'de'] as const) {
  test(`exports tasks and fetches the file from /downloads after the notification (${language})`, async ({ page, request }) => {
    const t = TEXTS[language];
    const [adminToken, userToken] = await Promise.all([apiToken(request, DEMO_ADMIN), apiToken(request, DEMO_USER)]);
    const title = unique(`Export ${language}`);
    await taskForUser(request, adminToken, userToken, title);

    await openSignedIn(page, userToken, language, '/downloads');
    await expect(page.getByTestId('downloads-page')).toBeVisible();
    // the same user exported in the other languages' runs: the new job is the newest row that was not there before
    const names = page.getByTestId('download-row').getByTestId('download-name');
    const listed = await api(request, userToken).get<{ data: { name: string }[] }>('/api/downloads');
    const before = new Set(listed.data.map((d) => d.name));
    await page.getByTestId('export-tasks').click();
    await expect(page.getByText(t.started)).toBeVisible();

    // the new job's download notification arrives and leads to /downloads
    await expect.poll(async () => (await names.allTextContents()).filter((name) => !before.has(name)).length).toBe(1);
    const filename = (await names.allTextContents()).find((name) => !before.has(name))!;
    expect(filename).toMatch(/^tasks-[\d-]+\.csv$/);
    await page.getByTestId('notification-bell').click();
    const notice = bellItems(page).filter({ hasText: t.ready(filename) });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(page).toHaveURL(/\/downloads$/);

    const row = page.getByTestId('download-row').filter({ hasText: filename });
    await expect(row).toHaveAttribute('data-state', 'finished');
    await expect(row).toContainText(t.ready_state);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/downloads-${language}.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-file').click()]);
    expect(download.suggestedFilename()).toBe(filename);
    const content = readFileSync((await download.path())!, 'utf8');
    expect(content).toContain(title);
    expect(content.split('\n')[0]).toContain('number,title');
  });
}
