import { expect, test } from '@playwright/test';
import type { TableView } from '@stramien/api';
import { openSignedIn } from './projects-support';
import { cellOf, openCell, tableShot, tablesText } from './tables-support';
import { adminWithProject, expectToast } from './tasks-support';

const text = tablesText('en');

/** One column of each of the 11 types (spec 2 §3), with a value to type and the text the grid then shows. */
const COLUMNS = [
  { name: 'Code', type: 'text', input: 'K-101', shows: 'K-101' },
  { name: 'Notes', type: 'text-field', input: 'Glass 3-layer', shows: 'Glass 3-layer' },
  { name: 'Count', type: 'integer', input: '12', shows: '12' },
  { name: 'Placed', type: 'boolean', input: null, shows: 'Yes' },
  { name: 'Delivered', type: 'date', input: '2026-11-23', shows: 'Nov 23, 2026' },
  { name: 'Drawing', type: 'link', input: 'https://stramien.example/k101.pdf', shows: 'https://stramien.example/k101.pdf' },
  { name: 'Supplier', type: 'email', input: 'orders@kozijn.example', shows: 'orders@kozijn.example' },
  { name: 'Material', type: 'dropdown', input: 'Wood', shows: 'Wood' },
  { name: 'Width', type: 'float', input: '1.25', shows: '1.25' },
  { name: 'SBS', type: 'sbscode', input: '21.10', shows: '21.10' },
  { name: 'House', type: 'table', input: 'House 12', shows: 'House 12' },
] as const;

/**
 * The records grid in the browser (issue 8): a table with one column of each type made in the settings, a record
 * added and each of its cells edited (an invalid integer refused on the cell first), the record's history, a stored
 * revision, a changed cell, and the time slider moved back to the revision to see the old value.
 */
test('builds a table with every column type, edits a record, and travels back to a stored revision', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token, as, me, project } = await adminWithProject(request, 'Tabellen');
  // the table the `table` column points to, with one record, made through the API
  const houses = (await as.post<{ data: TableView }>('/api/table', { project: { id: project.id }, name: 'Houses' })).data;
  const houseName = (
    await as.post<{ data: { id: string; name: string } }>('/api/column', {
      project: { id: project.id },
      table: { id: houses.id },
      name: 'Name',
      type: 'text',
      options_value: null,
    })
  ).data;
  await as.post('/api/record', { project: { id: project.id }, table: { id: houses.id }, values: { [houseName.id]: 'House 12' } });
  // the project's SBS holds the code the sbscode cell takes (a code it does not hold is refused)
  await as.post(`/api/project/${project.id}/sbs`, { code: '21.10', label: 'Facade' });

  await openSignedIn(page, token, 'en', `/project/${project.slug}/tables`);
  await expect(page.getByTestId('tables-row').filter({ hasText: 'Houses' })).toBeVisible();
  await page.getByTestId('create-table').click();
  await page.locator('#create-table-name').fill('Frames');
  await page.getByTestId('create-table-submit').click();
  await expect(page).toHaveURL(/\/tables\/[0-9a-f-]+\/settings$/);
  await expect(page.getByTestId('table-name')).toHaveText('Frames');

  const form = page.getByTestId('add-column-form');
  for (const column of COLUMNS) {
    await form.locator('#column-name').fill(column.name);
    await form.locator('#column-type').selectOption(column.type);
    if (column.type === 'dropdown') await form.locator('#column-options').fill('Wood\nAluminium');
    if (column.type === 'table') await form.locator('#column-target').selectOption({ label: 'Houses' });
    await form.getByTestId('add-column').click();
    await expect(page.getByTestId('settings-column').filter({ hasText: column.name })).toBeVisible();
  }
  await tableShot(page, 'en-settings');

  await page.getByTestId('table-tab-records').click();
  await page.getByTestId('add-record').click();
  await expect(page.getByTestId('record-row')).toHaveCount(1);

  // an invalid value stays on its cell with the domain's message, nothing is sent
  const count = await openCell(page, 'Count');
  await count.locator('input').fill('1.5');
  await count.locator('input').press('Enter');
  await expect(cellOf(page, 'Count').getByTestId('cell-error')).toBeVisible();
  await tableShot(page, 'en-cell-error');
  await count.locator('input').press('Escape');

  for (const column of COLUMNS) {
    const editor = await openCell(page, column.name);
    if (column.type === 'boolean') await editor.locator('label.bp6-control').click();
    else if (column.type === 'dropdown' || column.type === 'table') await editor.locator('select').selectOption({ label: column.input });
    else if (column.type === 'text-field') {
      await editor.locator('textarea').fill(column.input);
      await editor.locator('textarea').press('Enter');
    } else {
      await editor.locator('input').fill(column.input!);
      await editor.locator('input').press('Enter');
    }
    await expect(cellOf(page, column.name).getByTestId('cell-editor')).toHaveCount(0);
    await expect(cellOf(page, column.name)).toHaveText(column.shows);
  }
  await expectToast(page, text('tables.recordUpdated'));
  await tableShot(page, 'en-grid');

  await page.getByTestId('record-row').first().getByTestId('record-history').click();
  const history = page.getByTestId('record-history-drawer');
  await expect(history.getByTestId('record-change')).toHaveCount(COLUMNS.length + 1);
  await expect(history.getByTestId('record-change').first()).toContainText(me.name);
  await expect(history).toContainText('K-101');
  await tableShot(page, 'en-history');
  await page.keyboard.press('Escape');

  // the record as a document: each column as it reads (the linked house's name, the SBS code's label), its versions
  await page.getByTestId('record-row').first().getByTestId('record-document').click();
  const document = page.getByTestId('record-document-drawer');
  await expect(document.getByTestId('record-document-field')).toHaveCount(COLUMNS.length);
  await expect(document.getByTestId('record-document-field').filter({ hasText: 'House 12' })).toHaveCount(1);
  await expect(document).toContainText('Facade');
  await expect(document.getByTestId('record-document-versions')).toHaveText(`${COLUMNS.length + 1} versions`);
  await expect(page.locator('.bp6-drawer .bp6-dialog-close-button')).toBeInViewport({ ratio: 1 }); // slid in
  await tableShot(page, 'en-record-document');
  await page.keyboard.press('Escape');

  await page.getByTestId('table-tab-revisions').click();
  await page.getByTestId('store-revision').click();
  const { lastname } = await as.get<{ lastname: string }>('/api/user');
  await expect(page.locator('#revision-reason')).toHaveValue(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T.* ${lastname}$`));
  await page.locator('#revision-reason').fill('Before the change');
  await page.getByTestId('store-revision-submit').click();
  await expect(page.getByTestId('revision-row')).toContainText('Before the change');

  await page.getByTestId('table-tab-records').click();
  const code = await openCell(page, 'Code');
  await code.locator('input').fill('K-102');
  await code.locator('input').press('Enter');
  await expect(cellOf(page, 'Code')).toHaveText('K-102');

  // the slider's left end is the revision: the grid shows the old value, read-only, under the banner
  await page.getByRole('slider', { name: text('tables.as-of.slider') }).press('ArrowLeft');
  await expect(page.getByTestId('as-of-banner')).toContainText('Before the change');
  await expect(cellOf(page, 'Code')).toHaveText('K-101');
  await expect(page.getByTestId('add-record')).toHaveCount(0);
  await tableShot(page, 'en-as-of');
  await page.getByTestId('as-of-back').click();
  await expect(cellOf(page, 'Code')).toHaveText('K-102');

  // compare the revision with Actual: the changed cell, before and after
  await page.getByTestId('table-tab-revisions').click();
  await page.getByRole('button', { name: text('tables.revisions.compare-actual') }).click();
  await expect(page.getByTestId('compare-change').first()).toContainText('K-101');
  await expect(page.getByTestId('compare-change').first()).toContainText('K-102');
  await tableShot(page, 'en-compare');
});
