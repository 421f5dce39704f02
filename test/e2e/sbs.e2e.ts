import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSignedIn } from './projects-support';
import { adminWithProject, type Language } from './tasks-support';

/** The SBS: built by hand, imported from a CSV (one bad row first), searched; and a short flow in Dutch and German. */

const SHOTS = '/tmp/shots-sbs';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });

const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const textOf = (language: Language) => {
  const all = {
    ...(JSON.parse(readFileSync(join(locales, language, 'sbs.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'server.json'), 'utf8')) as Record<string, string>),
  };
  return (key: string, values: Record<string, string | number> = {}) =>
    all[key]!.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
};

const csv = (text: string) => ({ name: 'sbs.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

const createRecord = async (page: Page, t: ReturnType<typeof textOf>, code: string, label: string, parent = '') => {
  await page.getByRole('button', { name: t('sbs.action.new') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#sbs-code').fill(code);
  await dialog.locator('#sbs-label').fill(label);
  if (parent) await dialog.locator('#sbs-parent').fill(parent);
  await dialog.getByRole('button', { name: t('sbs.action.create') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sbs-list').locator(`tr[data-code="${code}"]`)).toBeVisible();
};

test('a project admin builds an SBS by hand, imports a CSV after fixing its bad row, and searches it (en)', async ({ page, request }) => {
  const t = textOf('en');
  const { token, project } = await adminWithProject(request, 'SBS');
  await openSignedIn(page, token, 'en', `/project/${project.slug}/sbs/management`);
  await expect(page.getByTestId('sbs-management')).toBeVisible();
  await createRecord(page, t, 'A', 'Building');
  await createRecord(page, t, 'A.1', 'Walls', 'A');

  await page.getByRole('button', { name: t('sbs.import.open') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(csv('code;label;parent code\nA.2;Roof;A\nA.2.1;Roof tiles;X\n'));
  await expect(dialog.getByTestId('sbs-import-preview').locator('tbody tr')).toHaveCount(2);
  await dialog.getByRole('button', { name: t('sbs.import.submit') }).click();
  await expect(dialog.getByTestId('sbs-import-error')).toContainText(t('sbs.importFailed'));
  await expect(dialog.getByTestId('sbs-import-preview')).toContainText(t('sbs.parentNotFound', { code: 'X' }));
  await shot(page, 'import-errors-en');
  await dialog.locator('input[type=file]').setInputFiles(csv('code;label;parent code\nA.2;Roof;A\nA.2.1;Roof tiles;A.2\n'));
  await dialog.getByRole('button', { name: t('sbs.import.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sbs-list').locator('tr[data-code="A.2.1"]')).toBeVisible();
  await shot(page, 'management-en');

  await page.getByRole('link', { name: t('sbs.manage.to-overview') }).click();
  await expect(page.getByTestId('sbs-page')).toBeVisible();
  await page.getByRole('button', { name: t('sbs.tree.expand', { code: 'A' }) }).click();
  await expect(page.getByTestId('sbs-tree')).toContainText('Walls');
  await page.getByRole('searchbox', { name: t('sbs.search.placeholder') }).fill('tiles');
  const tree = page.getByTestId('sbs-tree');
  await expect(tree.getByRole('button', { name: /A\.2\.1/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { level: 1 })).toHaveCount(1);
  await page.getByRole('button', { name: t('sbs.search.flat') }).click();
  await expect(page.getByTestId('sbs-flat')).toContainText(t('sbs.search.under', { code: 'A.2' }));
  await page
    .getByTestId('sbs-flat')
    .getByRole('button', { name: /A\.2\.1/ })
    .click();
  await expect(page.getByTestId('sbs-history')).toContainText(t('sbs.history.op-created'));
  await shot(page, 'overview-en');
});

for (const language of ['nl', 'de'] as const) {
  test(`the SBS overview opens a node lazily and the management page creates one (${language})`, async ({ page, request }) => {
    const t = textOf(language);
    const { token, as, project } = await adminWithProject(request, 'SBS');
    await as.post(`/api/project/${project.id}/sbs`, { code: 'B', label: 'Bouwdeel' });
    await as.post(`/api/project/${project.id}/sbs`, { code: 'B.1', label: 'Gevel', parent_code: 'B' });
    await openSignedIn(page, token, language, `/project/${project.slug}/sbs`);
    await page.getByRole('button', { name: t('sbs.tree.expand', { code: 'B' }) }).click();
    await expect(page.getByTestId('sbs-tree')).toContainText('Gevel');
    await page.getByRole('button', { name: /B\.1/ }).click();
    await expect(page.getByTestId('sbs-detail')).toContainText(t('sbs.history.title'));
    await shot(page, `overview-${language}`);
    await page.getByRole('link', { name: t('sbs.page.manage') }).click();
    await createRecord(page, t, 'B.2', 'Dak', 'B');
    await shot(page, `management-${language}`);
  });
}
