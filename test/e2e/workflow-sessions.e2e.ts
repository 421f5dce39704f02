import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from '@stramien/api';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

/**
 * A workflow session end to end (docs/workflows.md "Screens as built"): a published workflow with a manual start node
 * and an automated node, in a project whose role is held by a team; the admin starts a session and assigns the start
 * job to a team member (a second browser context), who finds it in their tasks and notifications, opens the job,
 * fills its panel and finishes it; the automated job then runs on the server, and the admin's flow diagram and
 * progress follow without a reload. Fixtures go through the API.
 */

type Language = 'en' | 'nl' | 'de';
const SHOTS = '/tmp/shots-wfwebsession';
const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const textOf = (language: Language) => {
  const all = {
    ...(JSON.parse(readFileSync(join(locales, language, 'server.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'projects.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'workflows.json'), 'utf8')) as Record<string, string>),
  };
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  const dialog = page.locator('.bp6-dialog-container');
  if ((await dialog.count()) > 0) await expect(dialog.last()).toHaveClass(/bp6-overlay-enter-done/);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
};
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A published two-node workflow (manual start -> automated notify), added to a fresh project, its role held by a team. */
const fixtures = async (request: APIRequestContext) => {
  const adminToken = await apiToken(request, DEMO_ADMIN);
  const userToken = await apiToken(request, DEMO_USER);
  const as = api(request, adminToken);
  const admin = await as.get<{ id: string; name: string; licenses: { id: string; name: string }[] }>('/api/user');
  const user = await api(request, userToken).get<{ id: string; name: string }>('/api/user');
  const licence = admin.licenses.find((l) => l.name === 'Stramien Demo')!.id;
  const project = (
    await as.post<{ data: Project }>('/api/project', {
      license: licence,
      name: unique('Sessies'),
      number: `S-${Date.now().toString(36).slice(-4)}`,
      roles: [
        { name: 'Beheer', is_projectadmin: true, users: [] },
        { name: 'Uitvoering', is_projectadmin: false, users: [user.id] },
      ],
    })
  ).data;

  const workflow = (await as.post<{ data: { id: string } }>('/api/builder/workflow', { name: unique('Keuring'), license: licence })).data;
  const path = `/api/builder/workflow/${workflow.id}`;
  const intake = (
    await as.post<{ data: { id: string } }>(`${path}/block`, {
      file: base64({
        name: 'Intake',
        panels: [
          {
            id: 'check',
            title: 'Check on site',
            fields: [
              { id: 'note', label: 'Findings', type: 'text', required: true },
              { id: 'approved', label: 'Approved', type: 'checkbox' },
              { id: 'photo', label: 'Photo', type: 'file' },
            ],
          },
        ],
      }),
    })
  ).data;
  const report = (
    await as.post<{ data: { id: string } }>(`${path}/block`, {
      file: base64({ name: 'Report', action: { type: 'notify', to: 'session-starter', message: '{{session.name}} is checked' } }),
    })
  ).data;
  const start = (await as.post<{ data: { id: string } }>(`${path}/node`, { block: intake.id, type: 'start' })).data;
  const next = (await as.post<{ data: { id: string } }>(`${path}/node`, { block: report.id })).data;
  await as.post(`${path}/link`, { previous_node: start.id, node: next.id });
  await as.post(`${path}/publish`, {});

  const projectWorkflow = (
    await as.post<{ data: { id: string; name: string } }>(`/api/project/${project.id}/workflow`, { workflow: workflow.id })
  ).data;
  const team = (await as.post<{ data: { id: string } }>('/api/team', { project: { id: project.id }, name: unique('Keurders') })).data;
  await as.post(`/api/team/${team.id}/user`, { project: { id: project.id }, user: { id: user.id } });
  await as.post(`/api/team/${team.id}/permissions/workflows`, { workflows: [{ workflow_id: projectWorkflow.id, access: 'read' }] });
  const rolePath = `/api/project/${project.id}/workflow/${projectWorkflow.id}`;
  const role = (await as.post<{ data: { id: string } }>(`${rolePath}/role`, { name: 'Keurder' })).data;
  await as.post(`${rolePath}/role/${role.id}/team`, { group: team.id });
  await as.post(`${rolePath}/role/${role.id}/node`, { node: start.id });
  return { adminToken, userToken, user, project, projectWorkflow, startNode: start.id };
};

test('a session runs: started, assigned, filled and finished by the assignee, the automated job runs, the flow follows live', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { adminToken, userToken, user, project, projectWorkflow, startNode } = await fixtures(request);
  const overview = `/project/${project.slug}`;
  const sessionsPath = `${overview}/workflows/${projectWorkflow.id}/sessions`;

  // Dutch and German: the overview's empty text (the spec's) and the sessions list's heading
  for (const language of ['nl', 'de'] as const) {
    const text = textOf(language);
    await openSignedIn(page, adminToken, language, overview);
    await expect(page.getByTestId('project-sessions')).toContainText(text('projects.empty.no-sessions'));
    await shot(page, `overview-empty-${language}`);
    await page.goto(sessionsPath);
    await expect(page.getByTestId('sessions-title')).toHaveText(`${text('workflows.sessions.title')} — ${projectWorkflow.name}`);
    await expect(page.getByText(text('workflows.sessions.empty'))).toBeVisible();
  }

  const en = textOf('en');
  await openSignedIn(page, adminToken, 'en', overview);
  await expect(page.getByTestId('project-sessions')).toContainText('No Sessions found within project');
  await page.goto(sessionsPath);
  await expect(page.getByTestId('sessions-title')).toHaveText(`Sessions — ${projectWorkflow.name}`);
  await shot(page, 'sessions-empty-en');

  // start a session
  const name = unique('Blok A');
  await page.getByTestId('start-session').click();
  await page.locator('#session-name').fill(name);
  await shot(page, 'start-session-en');
  await page.getByTestId('start-session-submit').click();
  await expect(page.getByTestId('session-name')).toHaveText(name);
  const flowUrl = new URL(page.url()).pathname;
  const jobs = page.getByTestId('flow-job');
  await expect(jobs).toHaveCount(2);
  await expect(page.getByTestId('flow-column')).toHaveText(['1', '2']);
  await expect(page.locator('[data-testid="flow-job"][data-start="true"]')).toHaveAttribute('data-tone', 'primary');
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-progress', '0');
  await shot(page, 'flow-open-en');

  // the admin assigns the start job to the team member
  await page.locator('[data-testid="flow-job"][data-start="true"]').click();
  await expect(page.getByTestId('job-page')).toBeVisible();
  await page.getByTestId('job-assign').selectOption({ value: user.id });
  await expect(page.getByText(en('workflows.session-job.assigned', { name: user.name }))).toBeVisible();
  await page.goto(flowUrl);
  await expect(page.locator('[data-testid="flow-job"][data-start="true"]')).toContainText(user.name);

  // the assignee, in a second browser context: the task and the notification, then the job
  const second = await browser.newContext();
  const assignee = await second.newPage();
  await openSignedIn(assignee, userToken, 'en', '/tasks/list');
  const taskRow = assignee.getByTestId('task-row').filter({ hasText: `Intake (${name})` });
  await expect(taskRow).toBeVisible();
  await expect(assignee.getByTestId('notification-count')).toBeVisible();
  await assignee.getByTestId('notification-bell').click();
  await expect(assignee.getByTestId('notification-list')).toContainText(
    en('notifications.workflowJobAssigned', { job: 'Intake', session: name }),
  );
  await assignee.keyboard.press('Escape');
  await taskRow.getByRole('link').click();
  await assignee.getByTestId('task-open-job').click();
  await expect(assignee.getByTestId('job-page')).toBeVisible();
  await expect(assignee).toHaveURL(new RegExp(`/sessions/[^/]+/${startNode}$`));

  // the required field is asked before anything is sent
  await assignee.getByTestId('job-finish').click();
  await expect(assignee.getByTestId('job-form')).toContainText('Required.');
  await assignee.locator('#job-field-note').fill('Anchors and seals in order');
  await assignee.locator('#job-field-approved').check({ force: true });
  // a file field: the chosen file is uploaded at once, named with a download, and its id finishes with the job
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  await assignee.locator('#job-field-photo').setInputFiles({ name: 'anchors.pdf', mimeType: 'application/pdf', buffer: pdf });
  const photo = assignee.getByRole('button', { name: en('workflows.session-job.download-file', { name: 'anchors.pdf' }) });
  await expect(photo).toBeVisible();
  const downloaded = assignee.waitForEvent('download');
  await photo.click();
  expect((await downloaded).suggestedFilename()).toBe('anchors.pdf');
  await shot(assignee, 'job-filled-en');
  await assignee.getByTestId('job-finish').click();
  await expect(assignee.getByText(en('workflows.session-job.finished-toast'))).toBeVisible();
  await expect(assignee.getByTestId('job-page')).toHaveAttribute('data-status', 'finished');
  await expect(assignee.locator('#job-field-note')).toBeDisabled();
  await expect(photo).toBeVisible();

  // the admin's flow follows without a reload: the start job finished, the automated job ran, 100 %
  await expect(page.locator('[data-testid="flow-job"][data-start="true"]')).toHaveAttribute('data-tone', 'success');
  await expect(page.locator('[data-testid="flow-job"]:not([data-start])')).toHaveAttribute('data-tone', 'success', { timeout: 30_000 });
  await expect(page.getByTestId('session-progress')).toHaveAttribute('data-progress', '100');
  await shot(page, 'flow-finished-en');
  await second.close();

  // the list and the overview show it with its progress
  await page.goto(sessionsPath);
  await expect(page.getByTestId('session-row').filter({ hasText: name }).getByTestId('session-progress')).toHaveAttribute(
    'data-progress',
    '100',
  );
  await shot(page, 'sessions-en');
  await page.goto(overview);
  await expect(page.getByTestId('project-session').filter({ hasText: name })).toBeVisible();
  await shot(page, 'overview-en');

  // the screens in Dutch and German
  for (const language of ['nl', 'de'] as const) {
    await openSignedIn(page, adminToken, language, sessionsPath);
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await shot(page, `sessions-${language}`);
    await page.goto(flowUrl);
    await expect(page.getByTestId('flow-job')).toHaveCount(2);
    await shot(page, `flow-${language}`);
    await page.goto(`${flowUrl}/${startNode}`);
    await expect(page.getByTestId('job-page')).toBeVisible();
    await shot(page, `job-${language}`);
    await page.goto(overview);
    await expect(page.getByTestId('project-session')).toHaveCount(1);
    await shot(page, `overview-${language}`);
  }
});
