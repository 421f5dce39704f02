import { expect, test } from '@playwright/test';
import { openSignedIn, unique } from './projects-support';
import { adminWithProject, dayFromToday, expectToast, shot, textOf, type Language } from './tasks-support';

/**
 * Creating a task in the browser (spec 1 §5): the dialog shows the spec's messages on an empty submit, creates the
 * task with the server's "Successfully created task '…'", and the task detail closes and reopens it — in English,
 * Dutch and German.
 */
for (const language of ['en', 'nl', 'de'] as const satisfies Language[]) {
  test(`creates a task with the validation messages, closes and reopens it (${language})`, async ({ page, request }) => {
    const text = textOf(language);
    const { token, me, project } = await adminWithProject(request);
    await openSignedIn(page, token, language, '/tasks/list');
    await expect(page.getByTestId('task-table').or(page.getByText(text('tasks.list.empty')))).toBeVisible();
    await shot(page, `${language}-list`);

    await page.getByTestId('create-task').click();
    const form = page.getByTestId('create-task-form');
    await form.getByTestId('create-task-submit').click();
    await expect(page.getByTestId('create-task-message')).toHaveText(text('tasks.titleRequired'));
    await expect(form.getByText(text('tasks.assigneeRequired'))).toBeVisible();
    await expect(form.getByText(text('tasks.required')).first()).toBeVisible();
    await expect(form.locator('#create-task-sbscode')).toBeDisabled();
    await shot(page, `${language}-create-errors`);

    const title = unique(`Wapening ${language}`);
    await form.locator('#create-task-project').selectOption(project.id);
    await expect(form.locator('#create-task-sbscode')).toBeEnabled();
    await form.locator('#create-task-title').fill(title);
    await form.getByLabel(text('tasks.field.assignee'), { exact: true }).selectOption(me.id);
    await form.locator('#create-task-due').fill(dayFromToday(3));
    await form.getByTestId('create-task-submit').click();
    await expectToast(page, text('tasks.created', { title }));
    await expect(page.getByTestId('task-row').filter({ hasText: title })).toBeVisible();
    await shot(page, `${language}-list-with-task`);

    await page.getByRole('link', { name: title }).click();
    const detail = page.getByTestId('task-detail');
    await expect(detail.getByTestId('task-status')).toHaveText(text('tasks.status.open'));
    await expect(detail.getByTestId('remaining-time')).toBeVisible();
    await shot(page, `${language}-detail`);
    await detail.getByTestId('task-close').click();
    await expect(detail.getByTestId('task-status')).toHaveText(text('tasks.status.closed'));
    await detail.getByTestId('task-reopen').click();
    await expect(detail.getByTestId('task-status')).toHaveText(text('tasks.status.open'));
    await expect(detail.getByTestId('task-history')).toContainText(text('tasks.history.task-reopened'));
  });
}
