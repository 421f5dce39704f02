import { expect, test, type Page } from '@playwright/test';
import type { TableView } from '@stramien/api';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSignedIn } from './projects-support';
import { cellOf, tablesText } from './tables-support';
import { adminWithProject, expectToast, type Language } from './tasks-support';

/** The texts of the import wizard (tablesImport namespace) in `language`, then those of the tables and the server. */
const importText = (language: Language) => {
  const own = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../apps/web/src/locales', language, 'tablesImport.json'), 'utf8'),
  ) as Record<string, string>;
  const tables = tablesText(language);
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = own[key];
    return text === undefined
      ? tables(key, values)
      : text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

const SHOTS = '/tmp/shots-tweb-import';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });

const BOM = '\ufeff';
/**
 * A file as Dutch (or German) Excel saves it: a BOM, `;` between fields, CRLF, decimal commas, a quoted cell with a
 * line break, and one bad row (a count that is no whole number: data row 2, spreadsheet row 3).
 */
const excelFile = (count: string) =>
  Buffer.from(
    `${BOM}Code;Breedte;Aantal;Opmerking\r\n` +
      `K-101;1,25;3;"Glas 3-laags\r\nbinnenzijde wit"\r\n` +
      `K-102;2,5;${count};Hout\r\n` +
      `K-103;"1.234,5";7;\r\n`,
    'utf8',
  );
const BAD = excelFile('veel');
const FIXED = excelFile('4');

/** The table the rows go to, made through the API: four columns of the file's names (one in another case). */
const tableWithColumns = async (as: Awaited<ReturnType<typeof adminWithProject>>['as'], projectId: string) => {
  const table = (await as.post<{ data: TableView }>('/api/table', { project: { id: projectId }, name: 'Kozijnen' })).data;
  for (const [name, type] of [
    ['Code', 'text'],
    ['Breedte', 'float'],
    ['aantal', 'integer'],
    ['Opmerking', 'text-field'],
  ] as const)
    await as.post('/api/column', { project: { id: projectId }, table: { id: table.id }, name, type, options_value: null });
  return table;
};

/**
 * The wizard in the browser from the table page: the bad file previewed, mapped, checked (its error read in the
 * user's language), the fixed file chosen again, checked and imported; the rows arrive in the grid. Screenshots of
 * every step.
 */
const importWithErrorThenFix = async (page: Page, language: Language, request: Parameters<typeof adminWithProject>[0]) => {
  const text = importText(language);
  const { token, as, project } = await adminWithProject(request, `Import ${language}`);
  const table = await tableWithColumns(as, project.id);
  await openSignedIn(page, token, language, `/project/${project.slug}/tables/${table.id}`);
  await expect(page.getByText(text('tables.grid.empty'))).toBeVisible();

  await page.getByRole('button', { name: text('tablesImport.open.button') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('import-step-file')).toBeVisible();
  await expect(dialog.locator('[aria-current="step"]')).toHaveText(text('tablesImport.step.file'));
  await shot(page, `${language}-1-file`);

  // 1. the bad file, chosen with the picker
  await dialog.getByLabel(text('tablesImport.file.choose')).setInputFiles({ name: 'kozijnen.csv', mimeType: 'text/csv', buffer: BAD });
  // 2. preview: the separator found, the BOM gone from the first header, the quoted line break in its cell
  await expect(dialog.getByTestId('import-delimiter')).toHaveText(
    text('tablesImport.preview.delimiter', { delimiter: text('tablesImport.preview.semicolon') }),
  );
  await expect(dialog.getByTestId('import-preview').locator('th').nth(1)).toHaveText('Code');
  await expect(dialog.getByTestId('import-preview-row')).toHaveCount(3);
  await expect(dialog.getByTestId('import-preview-row').first()).toContainText('binnenzijde wit');
  await shot(page, `${language}-2-preview`);
  await dialog.getByTestId('import-next').click();

  // 3. mapping: equal names chosen (any case)
  const mapping = dialog.getByTestId('import-mapping-row');
  await expect(mapping).toHaveCount(4);
  await expect(dialog.getByLabel(text('tablesImport.mapping.select-label', { header: 'Aantal' })).locator('option:checked')).toHaveText(
    'aantal',
  );
  await shot(page, `${language}-3-mapping`);
  await dialog.getByTestId('import-check').click();

  // 4. check: the bad value, on its row and column, with the message in the user's language; nothing imported
  await expect(dialog.getByTestId('import-invalid')).toHaveText(text('tablesImport.check.invalid_one', { count: 1 }));
  const error = dialog.getByTestId('import-error');
  await expect(error).toHaveCount(1);
  await expect(error.getByRole('cell').first()).toHaveText('3');
  await expect(error).toContainText('Aantal');
  await expect(error).toContainText('veel');
  await expect(error).toContainText(text('validation.notWholeNumber'));
  await expect(dialog.getByTestId('import-start')).toHaveCount(0);
  await shot(page, `${language}-4-errors`);

  // the user fixes the file and chooses it again: preview, mapping (kept), check, all valid
  await dialog.getByLabel(text('tablesImport.file.choose')).setInputFiles({ name: 'kozijnen.csv', mimeType: 'text/csv', buffer: FIXED });
  await expect(dialog.getByTestId('import-preview-row')).toHaveCount(3);
  await dialog.getByTestId('import-next').click();
  await dialog.getByTestId('import-check').click();
  await expect(dialog.getByTestId('import-valid')).toHaveText(text('tablesImport.check.valid_other', { count: 3 }));
  await shot(page, `${language}-4-valid`);

  // 5. import: the job's progress (its first poll held back a moment, to see the step), then the rows in the grid
  await page.route('**/api/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-step-run')).toBeVisible();
  await expect(dialog.getByTestId('import-cancel')).toBeEnabled();
  await shot(page, `${language}-5-import`);
  await expectToast(page, text('tablesImport.done.toast_other', { count: 3 }));
  await expect(dialog).toHaveCount(0);
  await page.unroute('**/api/jobs/*');
  await expect(page.getByTestId('record-row')).toHaveCount(3);
  await shot(page, `${language}-6-grid`);
  return { text };
};

test('imports a Dutch-Excel CSV with errors, reads them, fixes the file and imports it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await importWithErrorThenFix(page, 'en', request);
  // the values as the table holds them: decimal commas read, thousands dots dropped, the quoted line break kept
  await expect(cellOf(page, 'Code', 0)).toHaveText('K-101');
  await expect(cellOf(page, 'Breedte', 0)).toHaveText('1.25');
  await expect(cellOf(page, 'aantal', 1)).toHaveText('4');
  await expect(cellOf(page, 'Breedte', 2)).toHaveText('1234.5');
  await expect(cellOf(page, 'Opmerking', 0)).toContainText('binnenzijde wit');
  await expect(page.getByTestId('grid-count')).toContainText('3');
});

/** The same flow in Dutch and German: the wizard's texts and the server's cell message in the user's language. */
for (const language of ['nl', 'de'] as const satisfies Language[]) {
  test(`imports a CSV with an error, then the fixed file (${language})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await importWithErrorThenFix(page, language, request);
    await expect(cellOf(page, 'Code', 2)).toHaveText('K-103');
  });
}
