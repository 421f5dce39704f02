import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, openSignedIn, unique } from './projects-support';
import { adminWithProject, type Language } from './tasks-support';

/**
 * The builder screens on a draft made through the builder API (two blocks, a start node, a second node, no link):
 * the licence's workflows, the canvas with its problem (the second node cannot be reached) and the block editor.
 * Building a workflow in the browser, links dragged on the canvas, is test/e2e/workflow-build.e2e.ts.
 */
const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const textOf = (language: Language) => {
  const all = JSON.parse(readFileSync(join(locales, language, 'workflows.json'), 'utf8')) as Record<string, string>;
  return (key: string): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text;
  };
};
const SHOTS = '/tmp/shots-builder';
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const file = (config: unknown) => Buffer.from(JSON.stringify(config)).toString('base64');

for (const language of ['en', 'nl', 'de'] as const satisfies Language[]) {
  test(`the workflows of the licence, the canvas with a problem, the block editor (${language})`, async ({ page, request }) => {
    const text = textOf(language);
    const { token, licence } = await adminWithProject(request, `Builder ${language}`);
    const as = api(request, token);
    const name = unique('Inspection');
    const workflow = (await as.post<{ data: { id: string } }>('/api/builder/workflow', { name, license: licence })).data.id;
    const base = `/api/builder/workflow/${workflow}`;
    const block = async (config: unknown) => (await as.post<{ data: { id: string } }>(`${base}/block`, { file: file(config) })).data.id;
    const intake = await block({
      name: 'Intake',
      panels: [{ id: 'main', title: 'Intake', fields: [{ id: 'remarks', label: 'Remarks', type: 'text' }] }],
    });
    const notify = await block({ name: 'Notify', action: { type: 'notify', to: 'session-starter', message: 'Done' } });
    await as.post(`${base}/node`, { block: intake, type: 'start' });
    await as.post(`${base}/node`, { block: notify });

    await openSignedIn(page, token, language, '/workflow-management');
    await expect(page.getByTestId('workflow-row').filter({ hasText: name })).toBeVisible();
    await shot(page, `${language}-workflows`);

    await page.goto(`/workflow-management/builder/${workflow}`);
    await expect(page.getByTestId('builder-title')).toHaveText(name);
    await expect(page.getByTestId('builder-block')).toHaveCount(2);
    await expect(page.locator('.react-flow__node')).toHaveCount(2);
    // the second node has no link from the start: the problems list says so
    await expect(page.getByTestId('builder-problems')).not.toContainText(text('workflows.builder-canvas.no-problems'));
    await shot(page, `${language}-canvas`);

    await page.getByTestId('builder-block').filter({ hasText: 'Intake' }).getByTestId('edit-block').click();
    await expect(page).toHaveURL(new RegExp(`/workflow-management/builder/${workflow}/${intake}$`));
    // the block's saved panel: its field's label in the editor's inputs
    await expect
      .poll(() => page.locator('main input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      .toContain('Remarks');
    await shot(page, `${language}-block-editor`);
  });
}
