import { expect, test, type Locator } from '@playwright/test';
import { openSignedIn } from './projects-support';
import { bulkShot, tablesText, tableThroughApi } from './tables-support';
import { adminWithProject, expectToast, type Language } from './tasks-support';

/** Sets one condition line of the query builder: column, then operator and value when given. */
const fill = async (line: Locator, text: ReturnType<typeof tablesText>, column: string, operator?: string, value?: string) => {
  await line.getByRole('combobox', { name: text('tables.query.column') }).selectOption({ label: column });
  if (operator) await line.getByRole('combobox', { name: text('tables.query.operator') }).selectOption(operator);
  if (value !== undefined) await line.getByRole('textbox', { name: text('tables.query.value') }).fill(value);
};

/**
 * The query builder in the browser (spec 2 §5): two groups joined by OR, then by AND; a half-filled line (a column
 * without operator) is left out. The query's records are exported (English); in each language the restore dialog of
 * a stored revision is shown and left.
 */
for (const language of ['en', 'nl', 'de'] as const satisfies Language[]) {
  test(`query with AND/OR (${language})`, async ({ page, request }) => {
    const text = tablesText(language);
    const { token, as, project } = await adminWithProject(request, `Query ${language}`);
    const { table, addRecord } = await tableThroughApi(as, project.id, 'Frames', { Code: 'text', Count: 'integer' });
    await addRecord({ Code: 'A', Count: 1 });
    await addRecord({ Code: 'B', Count: 5 });
    await addRecord({ Code: 'C', Count: 10 });
    await as.post('/api/revision', { project: { id: project.id }, table: { id: table.id }, reason: 'Three frames' });

    await openSignedIn(page, token, language, `/project/${project.slug}/tables/${table.id}/query`);
    const groups = page.getByTestId('query-group');
    await fill(groups.nth(0).getByTestId('query-condition').nth(0), text, 'Count', 'gt', '8');
    await groups
      .nth(0)
      .getByRole('button', { name: text('tables.query.add-condition') })
      .click();
    // a column alone does not count (spec 2 §5)
    await fill(groups.nth(0).getByTestId('query-condition').nth(1), text, 'Code');
    await page.getByRole('button', { name: text('tables.query.add-group') }).click();
    await fill(groups.nth(1).getByTestId('query-condition').nth(0), text, 'Code', 'equals', 'A');

    await page.getByRole('radio', { name: text('tables.query.any-group') }).click();
    await page.getByTestId('query-run').click();
    await expect(page.getByTestId('query-result')).toHaveCount(2);
    await expect(page.getByTestId('query-results')).toContainText('A');
    await expect(page.getByTestId('query-results')).toContainText('10');
    await bulkShot(page, `${language}-query-or`);

    await page.getByRole('radio', { name: text('tables.query.all-groups') }).click();
    await page.getByTestId('query-run').click();
    await expect(page.getByText(text('tables.query.no-results'))).toBeVisible();

    // the second group's lines joined by OR: Code = A or Count > 8, and the first group asks Count > 8
    await groups
      .nth(1)
      .getByRole('combobox', { name: text('tables.query.group-match') })
      .selectOption('OR');
    await groups
      .nth(1)
      .getByRole('button', { name: text('tables.query.add-condition') })
      .click();
    await fill(groups.nth(1).getByTestId('query-condition').nth(1), text, 'Count', 'gt', '8');
    await page.getByTestId('query-run').click();
    await expect(page.getByTestId('query-result')).toHaveCount(1);
    await expect(page.getByTestId('query-results')).toContainText('10');

    await page.getByTestId('export-table').click();
    await expect(page.getByTestId('export-xlsx')).toBeVisible();
    await bulkShot(page, `${language}-query-export`);
    if (language === 'en') {
      await page.getByTestId('export-xlsx').click();
      await expectToast(page, 'Export jobs are started. You will find result files on downloads page.');
    } else await page.keyboard.press('Escape');

    // the restore dialog, read and left
    await page.getByTestId('table-tab-revisions').click();
    await page.getByTestId('restore-revision').click();
    await expect(page.getByTestId('restore-dialog')).toContainText(text('tables.restore.explain', { name: 'Three frames' }));
    await bulkShot(page, `${language}-restore-confirm`);
    await page.getByRole('button', { name: text('tables.action.cancel') }).click();
    await expect(page.getByTestId('restore-dialog')).toHaveCount(0);
  });
}
