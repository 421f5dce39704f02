import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';

/** The app bar's user menu per role, its pages, and the dashboard tour that shows once. */

type Language = 'en' | 'nl' | 'de';

const signIn = async (request: APIRequestContext, account: { email: string; password: string }): Promise<string> => {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      client_id: 'stramien-web',
      client_secret: 'stramien-web',
      username: account.email,
      password: account.password,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const open = async (page: Page, token: string, language: Language, path = '/dashboard') => {
  await page.goto('/login');
  await page.evaluate(
    ({ token, language }) => {
      localStorage.setItem('stramien.accessToken', token);
      localStorage.setItem('stramien.accessTokenExpiresAt', String(Date.now() + 3_000_000));
      localStorage.setItem('stramien.language', language);
    },
    { token, language },
  );
  await page.goto(path);
};

/**
 * The boxes of `testId`'s element in each animation frame from the one it appears in, for `ms`: a menu whose items
 * move after they show takes a click meant for one item on its neighbour (or on a divider), since a click is a press
 * and a release and the browser sends the click to what is under both.
 */
const recordBoxes = (page: Page, testId: string, ms = 600) =>
  page.evaluate(
    ({ testId, ms }) =>
      new Promise<string[]>((done) => {
        const boxes: string[] = [];
        let first: number | undefined;
        const frame = (now: number) => {
          const element = document.querySelector(`[data-testid="${testId}"]`);
          if (element) {
            first ??= now;
            const box = element.getBoundingClientRect();
            boxes.push(`${box.x},${box.y},${box.width},${box.height}`);
          }
          if (first !== undefined && now - first >= ms) done(boxes);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { testId, ms },
  );

const EVERYONE = [
  'nav-pin',
  'profile-settings',
  'workflow-management',
  'downloads-link',
  'support-portal',
  'build-info-link',
  'documentation-link',
  'api-reference-link',
  'whats-new',
  'logout',
];

const texts = {
  en: {
    welcome: 'Welcome to Stramien',
    profile: 'Profile settings',
    noUpdates: 'No updates yet...',
    downloads: 'Export tasks',
  },
  nl: {
    welcome: 'Welkom bij Stramien',
    profile: 'Profielinstellingen',
    noUpdates: 'Nog geen updates...',
    downloads: 'Taken exporteren',
  },
  de: {
    welcome: 'Willkommen bei Stramien',
    profile: 'Profileinstellungen',
    noUpdates: 'Noch keine Neuigkeiten...',
    downloads: 'Aufgaben exportieren',
  },
} as const;

for (const language of ['en', 'nl', 'de'] as const) {
  test(`an ordinary user sees the tour once and every menu item but account admin (${language})`, async ({ page, request }) => {
    await open(page, await signIn(request, DEMO_USER), language);

    const tour = page.getByTestId('guided-tour');
    await expect(tour).toBeVisible();
    await expect(page.getByTestId('guided-tour-title')).toHaveText(texts[language].welcome);
    await page.getByTestId('guided-tour-next').click();
    await expect(page.getByTestId('projects-button')).toHaveClass(/stramien-tour__target/);
    await page.getByTestId('guided-tour-skip').click();
    await expect(tour).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(tour).toHaveCount(0);

    const logoutBoxes = recordBoxes(page, 'logout');
    await page.getByTestId('user-menu').click();
    const boxes = await logoutBoxes;
    // the menu opens in place: its last item does not move from the frame it shows in on
    expect(boxes.length).toBeGreaterThan(3);
    expect(new Set(boxes).size, boxes.join(' ')).toBe(1);
    for (const id of EVERYONE) await expect(page.getByTestId(id)).toBeVisible();
    await expect(page.getByTestId('profile-settings')).toContainText(texts[language].profile);
    await expect(page.getByTestId('account-admin')).toHaveCount(0);
    await expect(page.getByTestId('change-licence')).toHaveCount(0);

    await page.getByTestId('whats-new').click();
    await expect(page.getByTestId('news-panel')).toContainText(texts[language].noUpdates);
    // the read time is kept on the server now (POST /api/whats-new/read): no unread dot is left
    await expect(page.getByTestId('user-menu-unread')).toHaveCount(0);
    // close it with its own button and wait until it is gone: an open drawer takes the clicks that follow
    await page.locator('.stramien-news').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('news-panel')).toHaveCount(0);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('downloads-link').click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByTestId('downloads-page')).toContainText(texts[language].downloads);

    await page.getByTestId('today-tasks-toggle').click();
    await expect(page.getByTestId('task-sidebar')).toBeVisible();
    await page.getByTestId('today-tasks-toggle').click();
    await expect(page.getByTestId('task-sidebar')).toHaveCount(0);

    await page.goto('/admin');
    await expect(page.getByTestId('no-access')).toBeVisible();
  });
}

test('a system admin has account admin, with every admin tab, and manages labels and modules there', async ({ page, request }) => {
  const adminToken = await signIn(request, DEMO_ADMIN);
  await open(page, adminToken, 'en', '/downloads');
  await page.getByTestId('user-menu').click();
  for (const id of [...EVERYONE, 'account-admin']) await expect(page.getByTestId(id)).toBeVisible();
  await page.getByTestId('account-admin').click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  for (const tab of ['companies', 'projects', 'users', 'collections', 'labels', 'modules'])
    await expect(page.getByTestId(`admin-tab-${tab}`)).toBeVisible();

  await page.getByTestId('admin-tab-labels').click();
  const title = `Blocked ${Date.now().toString(36)}`;
  await page.locator('#label-title').fill(title);
  await page.locator('#label-color').fill('#12345');
  await page.getByTestId('label-submit').click();
  await expect(page.getByText('Invalid HEX color.')).toBeVisible();
  await page.locator('#label-color').fill('#d32f2f');
  await expect(page.locator('#label-color')).toHaveValue('#d32f2f');
  await expect(page.getByText('Invalid HEX color.')).toHaveCount(0);
  await page.getByTestId('label-submit').click();
  await expect(page.getByTestId('label-row').filter({ hasText: title })).toBeVisible();

  // the shared demo licence keeps every module it may hold, so the other flows can still add them to projects
  const licenceId = await page.evaluate(() => localStorage.getItem('stramien.licenceId'));
  const me = (await (await request.get('/api/user', { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    licenses: { id: string }[];
  };
  const demoLicence = licenceId ?? me.licenses[0]!.id;
  const catalogue = (await (
    await request.get(`/api/modules/license/${demoLicence}`, { headers: { authorization: `Bearer ${adminToken}` } })
  ).json()) as { data: { id: string; available: boolean; licensed: boolean }[] };
  for (const m of catalogue.data.filter((x) => x.available && !x.licensed))
    expect(
      (await request.post(`/api/modules/${m.id}/license/${demoLicence}`, { headers: { authorization: `Bearer ${adminToken}` } })).ok(),
    ).toBe(true);

  await page.getByTestId('admin-tab-modules').click();
  const module = page.getByTestId('licence-module-gis-viewer');
  await expect(module).toBeChecked();
  await module.click({ force: true });
  await expect(page.getByText('Successfully updated module Map Viewer')).toBeVisible();
  await expect(module).not.toBeChecked();
  await module.click({ force: true });
  await expect(module).toBeChecked();
  await expect(page.getByTestId('licence-module-dhme-library')).toBeDisabled();
});
