import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TableView } from '@stramien/api';
import type { api } from './projects-support';
import type { Language } from './tasks-support';

/** Helpers of the tables browser flows: the texts of the tables namespace and the grid's cells. */

const locales = join(import.meta.dirname, '../../apps/web/src/locales');

/** A text of the tables (or server) namespace in `language`, placeholders filled. */
export const tablesText = (language: Language) => {
  const all = {
    ...(JSON.parse(readFileSync(join(locales, language, 'server.json'), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(locales, language, 'tables.json'), 'utf8')) as Record<string, string>),
  };
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

export const TABLE_SHOTS = '/tmp/shots-tables-web';
export const tableShot = (page: Page, name: string) => page.screenshot({ path: join(TABLE_SHOTS, `${name}.png`), fullPage: false });

/** The cell of a column in the grid's first record row. */
export const cellOf = (page: Page, column: string, row = 0): Locator =>
  page.getByTestId('record-row').nth(row).locator(`[role="gridcell"][data-column="${column}"]`);

/** Opens a cell's editor by clicking it. */
export const openCell = async (page: Page, column: string, row = 0): Promise<Locator> => {
  await cellOf(page, column, row).click();
  const editor = cellOf(page, column, row).getByTestId('cell-editor');
  await expect(editor.locator('input, textarea, select').first()).toBeVisible();
  return editor;
};

/** The screenshots of the revisions, restore, export and query screens (helper tweb2). */
export const BULK_SHOTS = '/tmp/shots-tweb2';
/** A screenshot once the open dialog (if any) has finished its opening transition. */
export const bulkShot = async (page: Page, name: string) => {
  const dialog = page.locator('.bp6-dialog-container');
  if ((await dialog.count()) > 0) await expect(dialog.last()).toHaveClass(/bp6-overlay-enter-done/);
  await page.screenshot({ path: join(BULK_SHOTS, `${name}.png`), fullPage: false });
};

type Api = ReturnType<typeof api>;

/** A table made through the API with `columns` (name -> type); answers its id and the column ids by name. */
export const tableThroughApi = async (as: Api, projectId: string, name: string, columns: Record<string, string>) => {
  const table = (await as.post<{ data: TableView }>('/api/table', { project: { id: projectId }, name })).data;
  const ids: Record<string, string> = {};
  for (const [column, type] of Object.entries(columns))
    ids[column] = (
      await as.post<{ data: { id: string } }>('/api/column', {
        project: { id: projectId },
        table: { id: table.id },
        name: column,
        type,
        options_value: null,
      })
    ).data.id;
  /** a record with values by column name; answers its id */
  const addRecord = async (values: Record<string, string | number>) =>
    (
      await as.post<{ data: { id: string } }>('/api/record', {
        project: { id: projectId },
        table: { id: table.id },
        values: Object.fromEntries(Object.entries(values).map(([column, value]) => [ids[column], value])),
      })
    ).data.id;
  return { table, ids, addRecord };
};
