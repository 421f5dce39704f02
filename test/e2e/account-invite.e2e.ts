import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';
import { adminToken, linkPath, uniqueEmail, waitForMail } from './account-support';

test.describe('Inviting a user', () => {
  test('the admin invites an address on /admin/users, the invitee sets up the account and signs in', async ({ page, browser, request }) => {
    const email = uniqueEmail('invitee');

    // the admin
    await page.goto('/login?redirect=%2Fadmin%2Fusers');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/(admin\/users|licenses)/);
    if (page.url().includes('/licenses'))
      await page
        .getByTestId('licence-list')
        .getByRole('button', { name: /Stramien Demo/ })
        .click();
    await expect(page).toHaveURL(/\/admin\/users/);
    await expect(page.getByTestId('users-table')).toBeVisible();

    await page.getByTestId('users-invite').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Iris');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`The invitation has been sent to ${email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText('Invited');

    // the invitee, in a browser of their own
    const mail = await waitForMail(
      request,
      await adminToken(request),
      email,
      (m) => m.subject === 'You are invited to Stramien Demo on Stramien',
    );
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(linkPath(mail, 'invite'));
    await expect(invitee.getByText(`You are invited to Stramien Demo. Choose your name and a password for ${email}.`)).toBeVisible();
    await expect(invitee.getByLabel('First name')).toHaveValue('Iris');
    await invitee.getByLabel('Last name').fill('Invited');
    await invitee.getByRole('textbox', { name: /^Password/ }).fill('weak');
    await invitee.getByLabel('Repeat password').fill('weak');
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(
      invitee.getByText('Min. 8 characters with at least one capital letter, a number and a special character and no white spaces.'),
    ).toBeVisible();
    await invitee.getByRole('textbox', { name: /^Password/ }).fill('Invited#E2e-Pass1');
    await invitee.getByLabel('Repeat password').fill('Invited#E2e-Pass1');
    await invitee.getByRole('button', { name: 'Create account' }).click();

    await expect(invitee).toHaveURL(/\/login$/);
    await expect(invitee.getByText('Your account is ready. Sign in with your e-mail address and new password.')).toBeVisible();
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password', { exact: true }).fill('Invited#E2e-Pass1');
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await expect(invitee).toHaveURL(/\/dashboard/);

    // the admin sees the account active
    await page.reload();
    await expect(page.getByTestId(`user-row-${email}`)).toContainText('Iris Invited');
    await expect(page.getByTestId(`user-row-${email}`)).toContainText('Active');
  });

  test('an invitation link works once', async ({ page, request }) => {
    const admin = await adminToken(request);
    const email = uniqueEmail('once');
    const me = await request.get('/api/user', { headers: { authorization: `Bearer ${admin}` } });
    const license = ((await me.json()) as { licenses: { id: string; name: string }[] }).licenses.find(
      (l) => l.name === 'Stramien Demo',
    )!.id;
    const invited = await request.post('/api/user/invite', { headers: { authorization: `Bearer ${admin}` }, data: { email, license } });
    expect(invited.status()).toBe(200);
    const path = linkPath(await waitForMail(request, admin, email), 'invite');
    const token = path.split('/')[2]!;
    const accepted = await request.post('/api/user/invite/accept', {
      data: { token, password: 'Once#E2e-Pass1', password_confirmation: 'Once#E2e-Pass1', firstname: 'Olli', lastname: 'Once' },
    });
    expect(accepted.status()).toBe(200);

    await page.goto(path);
    await expect(page.getByText('This invitation is invalid or has expired. Ask your administrator for a new one.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
