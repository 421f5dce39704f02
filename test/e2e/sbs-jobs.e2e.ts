import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSignedIn } from './projects-support';
import { adminWithProject, expectToast, type Language } from './tasks-support';

/**
 * SBS bulk work as background jobs (docs/sbs.md "Bulk calls"): an import's progress in the dialog and its Cancel
 * (en); a clear's progress dialog, which closes itself at the end (nl, de). Screenshots of the progress state in
 * /tmp/shots-sbsjobs.
 */

const SHOTS = '/tmp/shots-sbsjobs';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });

const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const textOf = (language: Language) => {
  const all = {
    ...(JSON.parse(readFileSync(join(locales, language, 'common.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'sbs.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'server.json'), 'utf8')) as Record<string, string>),
  };
  return (key: string, values: Record<string, string | number> = {}) =>
    all[key]!.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
};

/**
 * a progress line of some nodes done (after the first chunk): `DONE` in a translated text stands for a count above 0,
 * written as the interface language writes counts (1,500 or 1.500)
 */
const DONE = '§';
const progressOf = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(DONE, '[1-9][\\d.,]*'));
/** a count as the browser writes it in `language` */
const countIn = (language: Language, count: number) => new Intl.NumberFormat(language).format(count);

/**
 * How long a job may wait for its turn: the worker runs one job at a time, and the flows beside this one (table
 * imports, exports, restores) start jobs of their own, so "Starting…" can last longer than an expect's 15 s.
 */
const TURN = { timeout: 60_000 };

/** `roots` roots with 9 children each */
const tree = (roots: number) => {
  const lines = ['code,label,parent code'];
  for (let r = 0; r < roots; r++) lines.push(`R${r},Root ${r},`);
  for (let r = 0; r < roots; r++) for (let c = 0; c < 9; c++) lines.push(`R${r}.${c},Child ${c},R${r}`);
  return `${lines.join('\n')}\n`;
};

/**
 * Holds back the job's answers that say it has ended until `release()`: a clear runs in a few seconds, and the
 * browser asks once a second, so the last progress line it drew stays on screen until the test has read it.
 */
const holdTheEnd = async (page: Page) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/jobs/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { state?: string } };
    if (body.data?.state !== 'requested' && body.data?.state !== 'running') await released;
    await route.fulfill({ response });
  });
  return release;
};

test.describe.configure({ timeout: 150_000 });

test('an SBS import runs as a job: its progress shows in the dialog, and Cancel stops it (en)', async ({ page, request }) => {
  const t = textOf('en');
  const { token, project } = await adminWithProject(request, 'SBS jobs');
  await openSignedIn(page, token, 'en', `/project/${project.slug}/sbs/management`);
  await page.getByRole('button', { name: t('sbs.import.open') }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'sbs.csv', mimeType: 'text/csv', buffer: Buffer.from(tree(5_000), 'utf8') });
  // 50,000 rows (an import of ~18 s on a quiet machine, so Cancel comes well before its end; 15,000 ran in ~4 s, which
  // a slow click after the first progress line could miss): the preview draws 200 of them
  await expect(dialog.getByTestId('sbs-import-preview').locator('tbody tr')).toHaveCount(200);
  await dialog.getByRole('button', { name: t('sbs.import.submit') }).click();
  await expect(dialog.getByTestId('job-progress')).toBeVisible();
  await expect(dialog.getByTestId('job-progress')).toContainText(
    progressOf(t('sbs.job.importing', { done: DONE, total: countIn('en', 50_000) })),
    TURN,
  );
  await shot(page, 'import-progress-en');
  await dialog.getByRole('button', { name: t('common.job.cancel') }).click();
  await expect(dialog.getByTestId('sbs-job-canceled')).toBeVisible();
  await shot(page, 'import-canceled-en');
  await dialog
    .locator('.bp6-dialog-footer')
    .getByRole('button', { name: t('sbs.job.close') })
    .click();
  await expect(dialog).toBeHidden();
  // what the chunks wrote before the cancel stays: the roots came first
  await expect(page.getByTestId('sbs-list').locator('tr[data-code="R0"]')).toBeVisible();
});

for (const language of ['nl', 'de'] as const) {
  test(`clearing an SBS version shows the job's progress and closes at its end (${language})`, async ({ page, request }) => {
    const t = textOf(language);
    const { token, as, project } = await adminWithProject(request, 'SBS jobs');
    const started = await as.post<{ data: { id: string } }>(`/api/project/${project.id}/sbs-import`, {
      file: Buffer.from(tree(1_000), 'utf8').toString('base64'),
    });
    await expect
      .poll(async () => (await as.get<{ data: { state: string } }>(`/api/jobs/${started.data.id}`)).data.state, { timeout: 60_000 })
      .toBe('finished');
    await openSignedIn(page, token, language, `/project/${project.slug}/sbs/management`);
    await expect(page.getByTestId('sbs-list').locator('tr[data-code="R0"]')).toBeVisible();
    const release = await holdTheEnd(page);
    await page.getByRole('button', { name: t('sbs.action.clear') }).click();
    await page
      .locator('.bp6-alert')
      .getByRole('button', { name: t('sbs.action.confirm'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('job-progress')).toContainText(
      progressOf(t('sbs.job.deleting', { done: DONE, total: countIn(language, 10_000) })),
      TURN,
    );
    await shot(page, `clear-progress-${language}`);
    release();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expectToast(page, t('sbs.cleared'));
    await expect(page.getByText(t('sbs.tree.empty'))).toBeVisible();
  });
}
