import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openSignedIn } from './projects-support';
import { adminWithProject, dayFromToday, expectToast, shot } from './tasks-support';

/** A task's appendix in the browser: attached from the detail, listed, and downloaded with the same bytes. */
test('attaches a file to a task and downloads it', async ({ page, request }) => {
  const { token, createTask, getTask } = await adminWithProject(request, 'Bijlagen');
  const task = await createTask({ title: 'Bestek controleren', due: dayFromToday(2) });
  const bytes = Buffer.from('Bestek hoofdstuk 4: metselwerk\nregel 2\n', 'utf8');

  await openSignedIn(page, token, 'en', `/tasks/${task.id}`);
  const appendixes = page.getByTestId('task-appendixes');
  await appendixes.getByTestId('task-attach').setInputFiles({ name: 'bestek-h4.txt', mimeType: 'text/plain', buffer: bytes });
  await expectToast(page, 'Successfully updated task');
  await expect(appendixes.getByTestId('task-appendix')).toContainText('bestek-h4.txt');
  expect((await getTask(task.id)).appendixes.map((a) => a.name)).toEqual(['bestek-h4.txt']);
  await shot(page, 'en-detail-appendix');

  const download = page.waitForEvent('download');
  await appendixes.getByRole('button', { name: 'Download bestek-h4.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bestek-h4.txt');
  expect(await readFile((await file.path())!)).toEqual(bytes);
});
