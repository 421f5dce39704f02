import { expect, test } from '@playwright/test';
import { openSignedIn } from './projects-support';
import { adminWithProject, dayFromToday, shot } from './tasks-support';

/** Rescheduling in the browser: dragging a Gantt bar and a calendar entry each sends one PUT with the new dates. */
test('reschedules a task in the Gantt chart and in the calendar', async ({ page, request }) => {
  const { token, project, createTask, getTask } = await adminWithProject(request, 'Planning');
  const parent = await createTask({ title: 'Ruwbouw', planned_start: dayFromToday(1), due: dayFromToday(4) });
  const task = await createTask({ title: 'Fundering storten', parent: parent.id, planned_start: dayFromToday(2), due: dayFromToday(3) });
  await createTask({ title: 'Wanden stellen', planned_start: dayFromToday(5), due: dayFromToday(6) });

  await openSignedIn(page, token, 'en', '/tasks/gantt');
  await page.getByLabel('Project', { exact: true }).selectOption(project.id);
  await page.getByTestId('gantt-zoom').getByText('Day', { exact: true }).click();
  const bar = page.locator(`.wx-bar[data-id=":${task.id}"]`);
  await expect(bar).toBeVisible();
  await shot(page, 'en-gantt');
  const box = (await bar.boundingBox())!;
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/tasks/${task.id}`));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 36 * 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  expect((await put).postDataJSON()).toEqual({ planned_start: dayFromToday(4), due: dayFromToday(5) });
  await expect.poll(async () => (await getTask(task.id)).due).toBe(dayFromToday(5));

  await page.getByTestId('task-view-calendar').click();
  const entry = page.locator('.fc-event').filter({ hasText: 'Fundering storten' });
  await expect(entry).toBeVisible();
  await shot(page, 'en-calendar');
  const target = page.locator(`td.fc-day[data-date="${dayFromToday(8)}"]`);
  const putDue = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/tasks/${task.id}`));
  await entry.dragTo(target);
  expect((await putDue).postDataJSON()).toEqual({ due: dayFromToday(8) });
  await expect.poll(async () => (await getTask(task.id)).due).toBe(dayFromToday(8));
});
