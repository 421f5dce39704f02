import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectWorkflowView } from '@stramien/api';
import { api, openSignedIn, unique } from './projects-support';
import { adminWithProject, type Language } from './tasks-support';

/** The project workflows screens: the list, adding a published workflow, and its settings (roles, teams, nodes). */

const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const workflowsText = (language: Language) => {
  const all = JSON.parse(readFileSync(join(locales, language, 'workflows.json'), 'utf8')) as Record<string, string>;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

const SHOTS = '/tmp/shots-wfproject';
/** A screenshot once the open dialog (if any) has finished its opening transition. */
const shot = async (page: Page, name: string) => {
  const dialog = page.locator('.bp6-dialog-container');
  if ((await dialog.count()) > 0) await expect(dialog.last()).toHaveClass(/bp6-overlay-enter-done/);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
};

const file = (config: unknown) => Buffer.from(JSON.stringify(config)).toString('base64');

/**
 * A workflow of the licence built and published through the builder API: 'Intake' (manual, the start) then
 * 'Review' (manual) then 'Notify the starter' (automated).
 */
const publishedWorkflow = async (request: APIRequestContext, token: string, licence: string, name: string) => {
  const as = api(request, token);
  const workflow = (await as.post<{ data: { id: string } }>('/api/builder/workflow', { name, license: licence })).data.id;
  const base = `/api/builder/workflow/${workflow}`;
  const block = async (config: unknown) => (await as.post<{ data: { id: string } }>(`${base}/block`, { file: file(config) })).data.id;
  const panels = (title: string) => [{ id: 'main', title, fields: [{ id: 'remarks', label: 'Remarks', type: 'text' }] }];
  const intake = await block({ name: 'Intake', panels: panels('Intake') });
  const review = await block({ name: 'Review', panels: panels('Review') });
  const notify = await block({ name: 'Notify the starter', action: { type: 'notify', to: 'session-starter', message: 'Done' } });
  const node = async (blockId: string, start = false) =>
    (await as.post<{ data: { id: string } }>(`${base}/node`, { block: blockId, ...(start ? { type: 'start' } : {}) })).data.id;
  const [a, b, c] = [await node(intake, true), await node(review), await node(notify)];
  await as.post(`${base}/link`, { previous_node: a, node: b });
  await as.post(`${base}/link`, { previous_node: b, node: c });
  await as.post(`${base}/publish`, {});
  return workflow;
};

test('adds a published workflow to a project and gives a role a team and a node (en)', async ({ page, request }) => {
  const text = workflowsText('en');
  const { token, licence, project, as } = await adminWithProject(request, 'Workflows');
  const workflowName = unique('Inspection');
  await publishedWorkflow(request, token, licence, workflowName);
  const team = (await as.post<{ data: { id: string; name: string } }>('/api/team', { project: { id: project.id }, name: 'Inspectors' }))
    .data;

  await openSignedIn(page, token, 'en', `/project/${project.slug}/workflows`);
  await expect(page.getByText(text('workflows.settings.empty-title'))).toBeVisible();
  await shot(page, 'en-list-empty');

  await page.getByTestId('add-workflow').click();
  await page.locator('#add-workflow-workflow').selectOption({ label: workflowName });
  await expect(page.locator('#add-workflow-version')).toHaveValue('1');
  await shot(page, 'en-add-dialog');
  await page.getByTestId('add-workflow-submit').click();

  // adding opens the workflow's settings
  await expect(page.getByTestId('workflow-settings-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${workflowName} — ${text('workflows.settings.title')}` })).toBeVisible();
  await expect(page.getByText(text('workflows.settings.roles-empty'), { exact: true })).toBeVisible();
  await shot(page, 'en-settings-empty');

  await page.getByTestId('new-role-name').fill('Inspector');
  await page.getByTestId('create-role').click();
  const role = page.getByTestId('workflow-role').filter({ hasText: 'Inspector' });
  await expect(role.getByText(text('workflows.settings.role-no-teams'))).toBeVisible();

  await role.getByTestId('add-role-team-select').selectOption({ label: team.name });
  await role.getByTestId('add-role-team').click();
  await expect(role.getByTestId('role-teams').getByText(team.name)).toBeVisible();
  await role.getByTestId('add-role-node-select').selectOption({ label: 'Review' });
  await role.getByTestId('add-role-node').click();
  await expect(role.getByTestId('role-nodes').getByText('Review')).toBeVisible();
  // the automated node is marked in the picker; the node given is no longer offered
  await expect(role.getByTestId('add-role-node-select').locator('option')).toHaveText([
    text('workflows.settings.pick-node'),
    'Intake',
    `Notify the starter (${text('workflows.settings.automated')})`,
  ]);
  await shot(page, 'en-settings-role');

  // what the screen shows is what the API holds
  const list = await as.get<{ data: ProjectWorkflowView[] }>(`/api/project/${project.id}/workflows`);
  const saved = list.data.find((w) => w.name === workflowName)!;
  expect(saved.roles).toEqual([expect.objectContaining({ name: 'Inspector', teams: [team.id], nodes: [expect.any(String)] })]);

  await page.getByRole('button', { name: text('workflows.settings.to-workflows') }).click();
  const row = page.getByTestId('project-workflow-row').filter({ hasText: workflowName });
  await expect(row).toContainText(text('workflows.settings.version', { version: 1 }));
  await expect(row.getByRole('link', { name: workflowName })).toHaveAttribute(
    'href',
    `/project/${project.slug}/workflows/${saved.id}/sessions`,
  );
  await shot(page, 'en-list');
});

/** The same screens in Dutch and German, with a workflow and a role added through the API. */
for (const language of ['nl', 'de'] as const) {
  test(`shows the workflow screens translated (${language})`, async ({ page, request }) => {
    const text = workflowsText(language);
    const { token, licence, project, as } = await adminWithProject(request, `Workflows ${language}`);
    const workflow = await publishedWorkflow(request, token, licence, unique('Keuring'));
    const added = (await as.post<{ data: ProjectWorkflowView }>(`/api/project/${project.id}/workflow`, { workflow })).data;
    await as.post(`/api/project/${project.id}/workflow/${added.id}/role`, { name: 'Keurder' });

    await openSignedIn(page, token, language, `/project/${project.slug}/workflows`);
    await expect(page.getByRole('columnheader', { name: text('workflows.settings.col-access') })).toBeVisible();
    await expect(page.getByTestId('project-workflow-row')).toContainText(text('workflows.settings.access-admin'));
    await shot(page, `${language}-list`);
    await page.getByTestId('workflow-settings-link').click();
    await expect(page.getByTestId('workflow-role')).toContainText(text('workflows.settings.role-no-teams'));
    await expect(page.getByText(text('workflows.settings.version-helper'))).toBeVisible();
    await shot(page, `${language}-settings`);
  });
}
