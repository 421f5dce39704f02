import { expect, test } from '@playwright/test';
import { openSignedIn } from './projects-support';
import { tableShot, tablesText } from './tables-support';
import { adminWithProject, type Language } from './tasks-support';

/** The tables screens in Dutch and German: the empty list, a new table, its tabs, settings and empty grid. */
for (const language of ['nl', 'de'] as const satisfies Language[]) {
  test(`creates a table and reads the translated screens (${language})`, async ({ page, request }) => {
    const text = tablesText(language);
    const { token, project } = await adminWithProject(request, `Tabellen ${language}`);
    await openSignedIn(page, token, language, `/project/${project.slug}/tables`);
    await expect(page.getByText(text('tables.list.empty'))).toBeVisible();
    await tableShot(page, `${language}-list-empty`);

    await page.getByRole('button', { name: text('tables.create.open') }).click();
    await page.getByTestId('create-table-submit').click();
    await expect(page.getByText(text('tables.create.name-required'))).toBeVisible();
    await page.locator('#create-table-name').fill(`Kozijnen ${language}`);
    await page.getByTestId('create-table-submit').click();
    await expect(page.getByTestId('settings-columns')).toContainText(text('tables.settings.columns'));
    await expect(page.getByTestId('settings-permissions')).toContainText(text('tables.settings.permissions'));
    await page.locator('#column-name').fill('Naam');
    await page.getByTestId('add-column').click();
    await expect(page.getByTestId('settings-column')).toContainText(text('tables.type.text'));
    await tableShot(page, `${language}-settings`);

    await page.getByTestId('table-tab-records').click();
    await expect(page.getByRole('button', { name: text('tables.grid.add') })).toBeVisible();
    await expect(page.getByText(text('tables.grid.empty'))).toBeVisible();
    await tableShot(page, `${language}-grid-empty`);
    // a new record as a document: its empty cell and its one version, in the user's language
    await page.getByTestId('add-record').click();
    await page.getByTestId('record-row').first().getByTestId('record-document').click();
    const document = page.getByTestId('record-document-drawer');
    await expect(page.getByRole('heading', { name: text('tables.document.title') })).toBeVisible();
    await expect(document.getByTestId('record-document-field')).toContainText(text('tables.cell.empty'));
    await expect(document.getByTestId('record-document-versions')).toHaveText(text('tables.document.version-count_one', { count: 1 }));
    await expect(page.locator('.bp6-drawer .bp6-dialog-close-button')).toBeInViewport({ ratio: 1 }); // slid in
    await tableShot(page, `${language}-record-document`);
    await page.keyboard.press('Escape');
    await page.getByTestId('table-tab-revisions').click();
    await expect(page.getByText(text('tables.revisions.empty'))).toBeVisible();
    await tableShot(page, `${language}-revisions`);
  });
}
