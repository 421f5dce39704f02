import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectWorkflowView } from '@stramien/api';
import { DEMO_USER } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';
import { cellOf, tableThroughApi } from './tables-support';
import { adminWithProject, type Language } from './tasks-support';

/**
 * A workflow built in the browser, from nothing to a session that runs (issue 9, docs/workflows.md "Screens as
 * built"): the admin creates the workflow, three blocks (Intake: manual, a panel with a required text field and a
 * number field; Register: automated, writes a record to a project table from Intake's values; Review: manual, one
 * checkbox) saved in the block editor, a node per block, links dragged from handle to handle on the React Flow
 * canvas, tidy, publish; adds it to a project, creates a role and gives it a team and the nodes; starts a session
 * and assigns Intake to a team member, who (a second browser context) finds the task and the notification, fills
 * the panel and finishes; the automated job writes the record, and the admin's flow and progress follow without a
 * reload. Only the fixtures that are not the subject go through the API: the project, the member, the team (and its
 * read access to the project workflow) and the table the record goes to.
 */

const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const textOf = (language: Language) => {
  const all = Object.assign(
    {},
    ...['server', 'workflows'].map(
      (namespace) => JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, string>,
    ),
  ) as Record<string, string>;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

const SHOTS = '/tmp/shots-wfbuild';
/** A screenshot once the open dialog (if any) has finished its opening transition. */
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  const dialog = page.locator('.bp6-dialog-container');
  if ((await dialog.count()) > 0) await expect(dialog.last()).toHaveClass(/bp6-overlay-enter-done/);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
};

const centre = async (handle: Locator) => {
  await expect(handle).toBeVisible();
  const box = (await handle.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Waits until the canvas stands still: Tidy fits the view with a short animation, and a handle's place is only
 * worth reading once the viewport's transform is the same on two reads in a row.
 */
const viewSettled = async (page: Page) => {
  const viewport = page.locator('.react-flow__viewport');
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await viewport.evaluate((element) => (element as HTMLElement).style.transform);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
};

/**
 * Links two nodes as a user does: the pointer down on the first node's source handle (its right edge), moved in
 * steps, and up on the second node's target handle (React Flow connects on pointer up over a handle).
 */
const connect = async (page: Page, from: string, to: string) => {
  await viewSettled(page);
  const node = (name: string) => page.locator('.react-flow__node').filter({ hasText: name });
  const start = await centre(node(from).locator('.react-flow__handle.source'));
  const end = await centre(node(to).locator('.react-flow__handle.target'));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 5 });
  await page.mouse.move(end.x, end.y, { steps: 5 });
  await page.mouse.up();
};

for (const language of ['en', 'nl', 'de'] as const satisfies Language[]) {
  test(`builds a workflow on the canvas, publishes it, runs a session of it (${language})`, async ({ browser, page, request }) => {
    test.setTimeout(240_000);
    const text = textOf(language);
    const shotOf = (target: Page, name: string) => shot(target, `${language}-${name}`);

    // fixtures: a project with the member in it, a team holding the member, the table the record goes to
    const userToken = await apiToken(request, DEMO_USER);
    const user = await api(request, userToken).get<{ id: string; name: string }>('/api/user');
    const { token, as, project } = await adminWithProject(request, `Bouw ${language}`, [user.id]);
    const team = (
      await as.post<{ data: { id: string; name: string } }>('/api/team', { project: { id: project.id }, name: unique('Keurders') })
    ).data;
    await as.post(`/api/team/${team.id}/user`, { project: { id: project.id }, user: { id: user.id } });
    const tableName = unique('Inspections');
    const { table } = await tableThroughApi(as, project.id, tableName, { Findings: 'text', Count: 'integer' });

    // 1. the workflow, created on /workflow-management, opens on the canvas
    const name = unique('Inspection');
    await openSignedIn(page, token, language, '/workflow-management');
    await page.getByTestId('create-workflow').click();
    await page.locator('#workflow-name').fill(name);
    await page.getByTestId('create-workflow-submit').click();
    await expect(page.getByTestId('builder-title')).toHaveText(name);
    await expect(page.getByTestId('builder-version')).toHaveText(text('workflows.builder-canvas.not-published'));
    const builderUrl = new URL(page.url()).pathname;

    // 2. three blocks, each configured and saved in the block editor
    const newBlock = async (blockName: string, kind: 'manual' | 'automated') => {
      await page.getByTestId('new-block').click();
      await page.locator('#new-block-name').fill(blockName);
      // a Blueprint radio: its input is hidden under the label the user clicks
      await page.locator('label', { has: page.getByTestId(`new-block-${kind}`) }).click();
      await expect(page.getByTestId(`new-block-${kind}`)).toBeChecked();
      await page.getByTestId('new-block-submit').click();
      await expect(page.getByTestId('builder-block').filter({ hasText: blockName })).toContainText(text(`workflows.builder-kind.${kind}`));
    };
    const savedFlag = page.getByTestId('saved-flag');
    const openEditor = async (blockName: string) => {
      await page.getByTestId('builder-block').filter({ hasText: blockName }).getByTestId('edit-block').click();
      await expect(page.getByTestId('block-editor')).toBeVisible();
      // spec 2 §4: saved after load
      await expect(savedFlag).toHaveAttribute('data-saved', 'true');
      await expect(savedFlag).toHaveText(text('workflows.builder-editor.saved'));
    };
    /** saves the block: not saved before, saved after; back to the canvas */
    const saveAndBack = async () => {
      await expect(savedFlag).toHaveAttribute('data-saved', 'false');
      await expect(savedFlag).toHaveText(text('workflows.builder-editor.unsaved'));
      await page.getByTestId('save-block').click();
      await expect(savedFlag).toHaveAttribute('data-saved', 'true');
      await expect(savedFlag).toHaveText(text('workflows.builder-editor.saved'));
      await expect(page.getByTestId('save-block')).toBeDisabled();
      await page.getByTestId('back-to-canvas').click();
      await expect(page.getByTestId('builder-canvas')).toBeVisible();
    };
    const field = (index: number) => page.getByTestId('field-editor').nth(index);
    const addField = async (index: number, label: string, id: string, type: string, required = false) => {
      await page.getByTestId('add-field').click();
      await page.locator(`#field-0-${index}-label`).fill(label);
      await page.locator(`#field-0-${index}-id`).fill(id);
      await page.locator(`#field-0-${index}-type`).selectOption(type);
      if (required) {
        await field(index).locator('label.stramien-block-editor__required').click();
        await expect(field(index).locator('.stramien-block-editor__required input')).toBeChecked();
      }
    };

    await newBlock('Intake', 'manual');
    await openEditor('Intake');
    await addField(0, 'Findings', 'findings', 'text', true);
    await addField(1, 'Count', 'count', 'number');
    await shotOf(page, 'block-intake');
    await saveAndBack();

    await newBlock('Register', 'automated');
    await newBlock('Review', 'manual');
    await openEditor('Review');
    await addField(0, 'Approved', 'approved', 'checkbox');
    await saveAndBack();

    // 3. a node per block (the first is the start node); before they are linked two cannot be reached
    for (const blockName of ['Intake', 'Register', 'Review']) {
      const block = page.getByTestId('builder-block').filter({ hasText: blockName });
      await block.getByTestId('add-node').click();
      await expect(block).toContainText(text('workflows.builder-canvas.node-count', { count: 1 }));
      // the view follows a new node (right of the others, out of view otherwise: only the visible part is drawn)
      await expect(page.getByTestId('builder-node').filter({ hasText: blockName })).toBeInViewport();
    }
    const problems = page.getByTestId('builder-problems');
    await expect(problems.getByTestId('problem')).toHaveCount(2);
    await expect(problems.getByTestId('problem').first()).toHaveText(text('workflows.unreachableNode'));
    // Tidy lays them out and fits them all in view
    await page.getByTestId('tidy').click();
    await expect(page.getByTestId('builder-node')).toHaveCount(3);
    await expect(page.locator('[data-testid="builder-node"][data-start="true"]')).toContainText('Intake');

    await connect(page, 'Intake', 'Register');
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);
    await expect(problems.getByTestId('problem')).toHaveCount(1);
    await connect(page, 'Register', 'Review');
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await expect(problems.getByTestId('no-problems')).toHaveText(text('workflows.builder-canvas.no-problems'));
    // tidy lays the chain out left to right (clicked again if the first click came before the canvas had the new
    // edge: on a loaded machine the layout could run on the graph of a moment before)
    await expect(async () => {
      await page.getByTestId('tidy').click();
      const xs = await Promise.all(
        ['Intake', 'Register', 'Review'].map(
          async (blockName) => (await page.getByTestId('builder-node').filter({ hasText: blockName }).boundingBox())?.x ?? 0,
        ),
      );
      expect(xs[0]! < xs[1]! && xs[1]! < xs[2]!).toBe(true);
    }).toPass({ timeout: 20_000 });
    await viewSettled(page);
    await shotOf(page, 'canvas-connected');

    // the automated block writes the record from Intake's values (the references it may use, now that Intake comes before)
    await openEditor('Register');
    await page.locator('#action-type').selectOption('write-record');
    await page.locator('#action-table').fill(tableName);
    const reference = (fieldId: string) =>
      page.getByTestId('template-hints').locator('code', { hasText: new RegExp(`^\\{\\{job\\.[^.]+\\.${fieldId}\\}\\}$`) });
    const values = page.getByTestId('record-values').locator('.stramien-block-editor__value');
    for (const [i, [column, fieldId]] of [
      ['Findings', 'findings'],
      ['Count', 'count'],
    ].entries()) {
      await page.getByTestId('add-value').click();
      await values.nth(i).locator('input').nth(0).fill(column!);
      await values
        .nth(i)
        .locator('input')
        .nth(1)
        .fill((await reference(fieldId!).textContent())!);
    }
    await shotOf(page, 'block-register');
    await saveAndBack();
    await expect(problems.getByTestId('no-problems')).toBeVisible();

    // 4. publish: the dialog lists what the first version adds
    await page.getByTestId('publish').click();
    const dialog = page.getByTestId('publish-dialog');
    await expect(dialog).toContainText(text('workflows.builder-publish.first'));
    await expect(dialog.getByTestId('change-nodes-added')).toContainText(['Intake', 'Register', 'Review'].join(', '));
    await expect(dialog.getByTestId('change-links-added')).toContainText('Intake → Register');
    await expect(dialog.getByTestId('change-links-added')).toContainText('Register → Review');
    await shotOf(page, 'publish');
    await page.getByTestId('publish-submit').click();
    await expect(page.getByTestId('builder-version')).toHaveText(text('workflows.builder-canvas.last-version', { version: 1 }));
    expect(new URL(page.url()).pathname).toBe(builderUrl);

    // 5. the project: add the workflow, a role with the team and the manual nodes
    await page.goto(`/project/${project.slug}/workflows`);
    await page.getByTestId('add-workflow').click();
    await page.locator('#add-workflow-workflow').selectOption({ label: name });
    await expect(page.locator('#add-workflow-version')).toHaveValue('1');
    await page.getByTestId('add-workflow-submit').click();
    await expect(page.getByTestId('workflow-settings-page')).toBeVisible();
    const projectWorkflow = (await as.get<{ data: ProjectWorkflowView[] }>(`/api/project/${project.id}/workflows`)).data.find(
      (w) => w.name === name,
    )!;
    // the team reads the project workflow (the teams module's permissions: a fixture here)
    await as.post(`/api/team/${team.id}/permissions/workflows`, { workflows: [{ workflow_id: projectWorkflow.id, access: 'read' }] });

    await page.getByTestId('new-role-name').fill('Inspector');
    await page.getByTestId('create-role').click();
    const role = page.getByTestId('workflow-role').filter({ hasText: 'Inspector' });
    await role.getByTestId('add-role-team-select').selectOption({ label: team.name });
    await role.getByTestId('add-role-team').click();
    // the tags, not the picker's options (which name them too): each add answered before the next is picked
    const tag = (list: 'role-teams' | 'role-nodes', label: string) => role.getByTestId(list).locator('.bp6-tag', { hasText: label });
    await expect(tag('role-teams', team.name)).toBeVisible();
    for (const nodeName of ['Intake', 'Review']) {
      await role.getByTestId('add-role-node-select').selectOption({ label: nodeName });
      await role.getByTestId('add-role-node').click();
      await expect(tag('role-nodes', nodeName)).toBeVisible();
    }
    await shotOf(page, 'settings');

    // 6. a session: started, Intake assigned to the member
    await page.goto(`/project/${project.slug}/workflows`);
    await page.getByTestId('project-workflow-row').filter({ hasText: name }).getByRole('link', { name }).click();
    await expect(page.getByTestId('sessions-page')).toBeVisible();
    const sessionName = unique('Blok');
    await page.getByTestId('start-session').click();
    await page.locator('#session-name').fill(sessionName);
    await page.getByTestId('start-session-submit').click();
    await expect(page.getByTestId('session-name')).toHaveText(sessionName);
    const flowUrl = new URL(page.url()).pathname;
    const job = (blockName: string) => page.getByTestId('flow-job').filter({ hasText: blockName });
    await expect(page.getByTestId('flow-job')).toHaveCount(3);
    await expect(page.getByTestId('flow-column')).toHaveText(['1', '2', '3']);
    await expect(job('Intake')).toHaveAttribute('data-tone', 'primary');
    await expect(page.getByTestId('session-progress')).toHaveAttribute('data-progress', '0');

    await job('Intake').click();
    await expect(page.getByTestId('job-page')).toBeVisible();
    await page.getByTestId('job-assign').selectOption({ value: user.id });
    await expect(page.getByText(text('workflows.session-job.assigned', { name: user.name }))).toBeVisible();
    await page.goto(flowUrl);
    await expect(job('Intake')).toContainText(user.name);
    await shotOf(page, 'flow-assigned');

    // the member, in a second browser context: the task, the notification, the job
    const second = await browser.newContext();
    try {
      const member = await second.newPage();
      await openSignedIn(member, userToken, language, '/tasks/list');
      const taskRow = member.getByTestId('task-row').filter({ hasText: `Intake (${sessionName})` });
      await expect(taskRow).toBeVisible();
      await member.getByTestId('notification-bell').click();
      await expect(member.getByTestId('notification-list')).toContainText(
        text('notifications.workflowJobAssigned', { job: 'Intake', session: sessionName }),
      );
      await member.keyboard.press('Escape');
      await taskRow.getByRole('link').click();
      await member.getByTestId('task-open-job').click();
      await expect(member.getByTestId('job-page')).toBeVisible();
      await member.getByTestId('job-finish').click();
      await expect(member.getByTestId('job-form')).toContainText(text('validation.required'));
      await member.locator('#job-field-findings').fill('Two anchors loose');
      await member.locator('#job-field-count').fill('2');
      await shotOf(member, 'job-filled');
      await member.getByTestId('job-finish').click();
      await expect(member.getByText(text('workflows.session-job.finished-toast'))).toBeVisible();
      await expect(member.getByTestId('job-page')).toHaveAttribute('data-status', 'finished');
    } finally {
      await second.close();
    }

    // the admin's flow follows without a reload: Intake finished, Register ran, Review open, two of three done
    await expect
      .poll(() => page.getByTestId('session-progress').getAttribute('data-progress'), { timeout: 30_000 })
      .toBe(String(Math.floor(200 / 3)));
    await expect(job('Intake')).toHaveClass(/stramien-flow-node--success/);
    await expect(job('Register')).toHaveClass(/stramien-flow-node--success/);
    await expect(job('Review')).toHaveClass(/stramien-flow-node--primary/);
    expect(new URL(page.url()).pathname).toBe(flowUrl);
    await shotOf(page, 'flow-live');

    // the record Register wrote, on the table's page
    await page.goto(`/project/${project.slug}/tables/${table.id}`);
    await expect(page.getByTestId('record-row')).toHaveCount(1);
    await expect(cellOf(page, 'Findings')).toHaveText('Two anchors loose');
    await expect(cellOf(page, 'Count')).toHaveText('2');
    await shotOf(page, 'table');
  });
}
