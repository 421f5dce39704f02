import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';

/** A project admin creates a team in the project settings, adds a licence user and gives the team a module. */

type Language = 'en' | 'nl' | 'de';
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

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

const call = async <T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** The app signed in with `token`, in `language`, at `path`. */
const open = async (page: Page, token: string, language: Language, path: string) => {
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

const texts = {
  en: {
    created: 'Successfully created team',
    users: 'Users',
    modules: 'Modules',
    general: 'General',
    taken: 'A team with this name already exists',
  },
  nl: {
    created: 'aangemaakt',
    users: 'Gebruikers',
    modules: 'Modules',
    general: 'Algemeen',
    taken: 'Er bestaat al een team met deze naam',
  },
  de: {
    created: 'erfolgreich angelegt',
    users: 'Benutzer',
    modules: 'Module',
    general: 'Allgemein',
    taken: 'In diesem Projekt gibt es bereits ein Team mit diesem Namen',
  },
} as const;

for (const language of ['en', 'nl', 'de'] as const) {
  test(`a project admin adds a team, a user and a module to it (${language})`, async ({ page, request }) => {
    const adminToken = await signIn(request, DEMO_ADMIN);
    const userToken = await signIn(request, DEMO_USER);
    const me = await call<{ id: string; licenses: { id: string }[] }>(request, userToken, 'GET', '/api/user');
    const admin = await call<{ id: string; name: string }>(request, adminToken, 'GET', '/api/user');
    const licenceId = me.licenses[0]!.id;
    const project = await call<{ data: { id: string; slug: string } }>(request, adminToken, 'POST', '/api/project', {
      license: licenceId,
      name: unique('Teams e2e'),
      number: unique('T').replace(' ', '-'),
      modules: ['build-order', 'gis-viewer'],
      roles: [{ name: 'Lead', is_projectadmin: true, users: [me.id] }],
    });

    await open(page, userToken, language, `/project/${project.data.slug}/settings/teams`);
    const teamName = unique('Prefab crew');
    await expect(page.getByTestId('teams-page')).toBeVisible();
    await page.locator('#team-name').fill(teamName);
    await page.getByTestId('team-create').click();
    await expect(page.getByText(texts[language].created)).toBeVisible();
    await expect(page.getByTestId('team-item').filter({ hasText: teamName })).toBeVisible();

    // a second team with the same name is refused with the server's message inside the spec's failure text
    await page.locator('#team-name').fill(teamName);
    await page.getByTestId('team-create').click();
    await expect(page.getByText(texts[language].taken)).toBeVisible();

    // users of the licence can join
    await page.getByTestId('team-item').filter({ hasText: teamName }).click();
    await page.getByRole('tab', { name: texts[language].users }).click();
    await page.getByTestId('team-user-select').selectOption({ value: admin.id });
    await page.getByTestId('team-user-add').click();
    await expect(page.getByTestId('team-user-row').filter({ hasText: admin.name })).toBeVisible();

    // the team gets a module of the project
    await page.getByRole('tab', { name: texts[language].modules }).click();
    const buildOrder = page.getByTestId('team-module-build-order');
    await expect(buildOrder).toBeVisible();
    await buildOrder.click({ force: true });
    await expect(buildOrder).toBeChecked();
    await expect(page.getByTestId('team-module-fourd')).toHaveCount(0);

    // and a general app
    await page.getByRole('tab', { name: texts[language].general }).click();
    await page.getByTestId('team-general-tasks').click({ force: true });
    await expect(page.getByTestId('team-general-tasks')).toBeChecked();

    // the checkbox shows the change at once; the server has it when its answer is in: asked until then
    const teamOnServer = async () => {
      const teams = await call<{
        data: { id: string; name: string; modules: string[]; user_ids: string[]; general: { tasks: boolean } }[];
      }>(request, userToken, 'GET', `/api/teams?project[id]=${project.data.id}`);
      return teams.data.find((t) => t.name === teamName);
    };
    await expect
      .poll(teamOnServer, { timeout: 15_000 })
      .toMatchObject({ modules: ['build-order'], user_ids: [admin.id], general: { tasks: true } });

    // after a reload the page shows the same state
    await page.reload();
    await page.getByRole('tab', { name: texts[language].modules }).click();
    await expect(page.getByTestId('team-module-build-order')).toBeChecked();
  });
}

test('a member without project admin rights does not get the teams screen', async ({ page, request }) => {
  const adminToken = await signIn(request, DEMO_ADMIN);
  const userToken = await signIn(request, DEMO_USER);
  const me = await call<{ id: string; licenses: { id: string }[] }>(request, userToken, 'GET', '/api/user');
  const project = await call<{ data: { slug: string } }>(request, adminToken, 'POST', '/api/project', {
    license: me.licenses[0]!.id,
    name: unique('Teams guarded'),
    number: unique('G').replace(' ', '-'),
    roles: [{ name: 'Crew', is_projectadmin: false, users: [me.id] }],
  });
  await open(page, userToken, 'en', `/project/${project.data.slug}/settings/teams`);
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('team-create')).toHaveCount(0);
});
