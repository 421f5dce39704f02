import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

/** A user makes a board with status lanes and drags a task's card from 'open' to 'closed': the task is closed. */

const SHOTS = '/tmp/shots-boards';
const texts = {
  en: {
    name: 'Name',
    project: 'Project',
    lanes: ['Open', 'Closed', 'Canceled'],
    addLane: 'Add lane',
    deleteBoard: 'Delete board',
    confirmDelete: 'Delete',
  },
  nl: {
    name: 'Naam',
    project: 'Project',
    lanes: ['Open', 'Gesloten', 'Geannuleerd'],
    addLane: 'Kolom toevoegen',
    deleteBoard: 'Bord verwijderen',
    confirmDelete: 'Verwijderen',
  },
  de: {
    name: 'Name',
    project: 'Projekt',
    lanes: ['Offen', 'Geschlossen', 'Abgebrochen'],
    addLane: 'Spalte hinzufügen',
    deleteBoard: 'Board löschen',
    confirmDelete: 'Löschen',
  },
} as const;

for (const language of ['en', 'nl', 'de'] as const) {
  test(`a card dragged from the open lane to the closed lane closes its task (${language})`, async ({ page, request }) => {
    const l = texts[language];
    const admin = api(request, await apiToken(request, DEMO_ADMIN));
    const userToken = await apiToken(request, DEMO_USER);
    const user = api(request, userToken);
    const me = await user.get<{ id: string; licenses: { id: string }[] }>('/api/user');
    const projectName = unique('Board e2e');
    const project = await admin.post<{ data: { id: string } }>('/api/project', {
      license: me.licenses[0]!.id,
      name: projectName,
      number: unique('B').replace(' ', '-'),
      roles: [{ name: 'Member', is_projectadmin: false, users: [me.id] }],
    });
    const title = unique('Pour the slab');
    const task = await user.post<{ data: { id: string } }>('/api/tasks-create', {
      project: project.data.id,
      title,
      priority: 'normal',
      assigned_to: me.id,
    });

    // another board of the user, so one remains after the delete below
    await user.post('/api/boards', { name: unique('Backlog') });

    await openSignedIn(page, userToken, language, '/tasks/board');
    await page.getByTestId('board-new').first().click();
    const boardName = unique('Week plan');
    await page.getByLabel(l.name).fill(boardName);
    await page.getByLabel(l.project).selectOption({ label: projectName });
    await page.getByTestId('board-save').click();

    const lanes = page.getByTestId('board-lane');
    await expect(lanes).toHaveCount(3);
    for (const [i, name] of l.lanes.entries()) await expect(lanes.nth(i).getByRole('heading')).toContainText(name);
    const card = lanes.nth(0).getByTestId('board-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/board-${language}.png`, fullPage: true });

    const from = (await card.boundingBox())!;
    const to = (await lanes.nth(1).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();

    await expect(lanes.nth(1).getByTestId('board-card').filter({ hasText: title })).toBeVisible();
    await expect(lanes.nth(0).getByTestId('board-card').filter({ hasText: title })).toHaveCount(0);
    await expect.poll(async () => (await user.get<{ data: { status: string } }>(`/api/tasks/${task.data.id}`)).data.status).toBe('closed');
    // the server's answer settles it: after a reload the card is still in the closed lane
    await page.reload();
    await expect(page.getByTestId('board-lane').nth(1).getByTestId('board-card').filter({ hasText: title })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/board-moved-${language}.png`, fullPage: true });

    await page.getByRole('button', { name: l.addLane }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(400); // the dialog's opening transition, for the screenshot only
    await page.screenshot({ path: `${SHOTS}/lane-dialog-${language}.png` });
    await page.keyboard.press('Escape');

    // after a delete the first remaining board is shown
    await page.getByRole('button', { name: l.deleteBoard, exact: true }).click();
    await page.getByRole('button', { name: l.confirmDelete, exact: true }).click();
    const boards = () => user.get<{ data: { id: string; name: string }[] }>('/api/boards');
    await expect.poll(async () => (await boards()).data.map((b) => b.name)).not.toContain(boardName);
    const remaining = await boards();
    await expect(page.getByTestId('board-select')).toHaveValue(remaining.data[0]!.id);
  });
}
