import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openSignedIn, unique } from './projects-support';
import { bulkShot, cellOf, openCell, tablesText, tableThroughApi } from './tables-support';
import { adminWithProject, expectToast } from './tasks-support';

const text = tablesText('en');

/**
 * Revisions in the browser (issue 8): an SBS code picked in a record's sbscode cell, a stored revision, records
 * changed, the comparison with Actual (added, removed, changed cell), the restore with its confirmation and progress
 * (the records come back, the current state kept as a new revision), then the table exported to CSV and fetched
 * from /downloads.
 */
test('store a revision, change records, compare, restore, and export to /downloads', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token, as, project } = await adminWithProject(request, 'Revisies');
  await as.post(`/api/project/${project.id}/sbs`, { code: '21.10', label: 'Facade' });
  // a name of its own: the admin's /downloads also lists the exports of the flows beside this one (tables-query
  // exports a table named Frames to XLSX)
  const tableName = unique('Frames');
  const fileStem = tableName.replaceAll(' ', '_');
  const { table, ids, addRecord } = await tableThroughApi(as, project.id, tableName, { Code: 'text', SBS: 'sbscode' });
  const first = await addRecord({ Code: 'K-1' });
  const second = await addRecord({ Code: 'K-2' });
  const headers = { authorization: `Bearer ${token}` };

  // the sbscode cell picks from the project's SBS
  await openSignedIn(page, token, 'en', `/project/${project.slug}/tables/${table.id}`);
  await expect(page.getByTestId('record-row')).toHaveCount(2);
  const sbs = await openCell(page, 'SBS');
  await sbs.locator('input').fill('21');
  const option = page.locator('.stramien-sbs-picker__menu').getByText('21.10');
  await expect(page.locator('.stramien-sbs-picker__menu')).toContainText('Facade');
  await bulkShot(page, 'en-sbs-picker');
  await option.click();
  await expect(cellOf(page, 'SBS')).toHaveText('21.10');
  await expectToast(page, text('tables.recordUpdated'));

  await page.getByTestId('table-tab-revisions').click();
  await page.getByTestId('store-revision').click();
  await page.locator('#revision-reason').fill('Before the change');
  await page.getByTestId('store-revision-submit').click();
  await expect(page.getByTestId('revision-row')).toHaveCount(1);

  // after the revision: one record changed, one deleted, one added
  expect((await request.put(`/api/record/${first}`, { headers, data: { values: { [ids.Code!]: 'K-1b' } } })).ok()).toBe(true);
  expect((await request.delete(`/api/record/${second}`, { headers })).ok()).toBe(true);
  await addRecord({ Code: 'K-3' });

  await page.getByRole('button', { name: text('tables.revisions.compare-actual') }).click();
  await expect(page.getByTestId('compare-changed')).toContainText('K-1');
  await expect(page.getByTestId('compare-change').first()).toContainText('K-1b');
  await expect(page.getByTestId('compare-removed')).toContainText('K-2');
  await expect(page.getByTestId('compare-added')).toContainText('K-3');
  await bulkShot(page, 'en-compare');

  // restore: the dialog says what happens, the job runs, the records come back
  await page.getByTestId('restore-revision').click();
  await expect(page.getByTestId('restore-dialog')).toContainText(text('tables.restore.explain', { name: 'Before the change' }));
  await bulkShot(page, 'en-restore-confirm');
  await page.getByTestId('restore-submit').click();
  await expect(page.getByTestId('restore-done')).toBeVisible({ timeout: 30_000 });
  await bulkShot(page, 'en-restore-done');
  await page.getByTestId('restore-close').click();
  // the state before the restore is kept as a new revision
  await expect(page.getByTestId('revision-row')).toHaveCount(2);
  await page.getByTestId('compare-from').selectOption({ index: 2 });
  await page.getByTestId('compare-to').selectOption('actual');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-none')).toBeVisible();

  await page.getByTestId('table-tab-records').click();
  await expect(page.getByTestId('record-row')).toHaveCount(2);
  await expect(page.getByTestId('records-grid')).toContainText('K-1');
  await expect(page.getByTestId('records-grid')).toContainText('K-2');
  await expect(page.getByTestId('records-grid')).not.toContainText('K-3');

  // export: the spec's message, then the file on /downloads
  await page.getByTestId('export-table').click();
  await bulkShot(page, 'en-export-menu');
  await page.getByTestId('export-csv').click();
  await expectToast(page, 'Export jobs are started. You will find result files on downloads page.');
  await page.goto('/downloads');
  const row = page.getByTestId('download-row').filter({ hasText: fileStem });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveAttribute('data-state', 'finished', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await bulkShot(page, 'en-downloads');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-file').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${fileStem}-.*\\.csv$`));
  const content = readFileSync((await download.path())!, 'utf8');
  expect(content).toContain('Code');
  expect(content).toContain('K-2');
  expect(content).toContain('21.10');
});
