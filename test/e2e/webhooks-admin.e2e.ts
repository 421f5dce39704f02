import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DEMO_ADMIN } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

/**
 * Issue 10's admin flow in English, Dutch and German: a licence admin adds an endpoint (its secret shown once), sees a
 * delivery in the log, redelivers it, and rotates the secret. The receiver is a real HTTP server on 127.0.0.1 (the e2e
 * server allows it through STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS) that checks every signature with the standardwebhooks
 * library against the secrets the screen showed.
 */
const SHOTS = '/tmp/shots-hooks';
const LANGUAGES = ['en', 'nl', 'de'] as const;
type Language = (typeof LANGUAGES)[number];
const texts = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../apps/web/src/locales/${language}/webhooks.json`), 'utf8')) as Record<
    string,
    string
  >;

interface Arrival {
  id: string;
  type: string;
  /** the secrets (of those the test knows) whose signature the request carries */
  signedBy: string[];
}

const startReceiver = async (secrets: string[]) => {
  const arrivals: Arrival[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const signedBy = secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(raw, req.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
      arrivals.push({ id: String(req.headers['webhook-id']), type: (JSON.parse(raw) as { type: string }).type, signedBy });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    arrivals,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
};

/** a project of the demo licence: its ProjectCreated is the event the endpoint gets */
const createProject = async (request: APIRequestContext, token: string, licence: string) =>
  api(request, token).post<{ data: { id: string } }>('/api/project', {
    license: licence,
    name: unique('Webhook'),
    number: unique('W'),
    roles: [{ name: 'Beheer', is_projectadmin: true, users: [] }],
  });

for (const language of LANGUAGES) {
  test(`a licence admin adds an endpoint, sees a delivery, redelivers it and rotates the secret (${language})`, async ({
    page,
    request,
  }) => {
    const t = texts(language);
    const token = await apiToken(request, DEMO_ADMIN);
    const me = await api(request, token).get<{ licenses: { id: string; name: string }[] }>('/api/user');
    const licence = me.licenses.find((l) => l.name === 'Stramien Demo')!.id;
    const secrets: string[] = [];
    const receiver = await startReceiver(secrets);
    let endpointId: string | null = null;
    try {
      await openSignedIn(page, token, language, '/admin/webhooks');

      // add: the secret is shown once, with its warning
      await page.getByTestId('webhook-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#webhook-url').fill(receiver.url);
      await dialog.locator('#webhook-events').fill('project.ProjectCreated');
      await dialog.locator('#webhook-description').fill(`ERP e2e ${language}`);
      await dialog.getByTestId('webhook-submit').click();
      const secret = page.getByTestId('webhook-secret');
      await expect(secret).toHaveValue(/^whsec_/);
      await expect(page.getByText(t['webhooks.secret.warning-title']!)).toBeVisible();
      secrets.push(await secret.inputValue());
      await page.screenshot({ path: `${SHOTS}/webhooks-secret-${language}.png` });
      await page.getByRole('button', { name: t['webhooks.secret.done'] }).click();
      await expect(secret).toHaveCount(0);
      const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
      await expect(row).toContainText('project.ProjectCreated');
      endpointId = (await api(request, token).get<{ data: { id: string; url: string }[] }>(`/api/license/${licence}/webhooks`)).data.find(
        (e) => e.url === receiver.url,
      )!.id;

      // an event of the licence arrives, signed with the secret shown; the log lists it as delivered
      await createProject(request, token, licence);
      await expect.poll(() => receiver.arrivals.length, { timeout: 15_000 }).toBe(1);
      const first = receiver.arrivals[0]!;
      expect(first).toMatchObject({ type: 'project.ProjectCreated', signedBy: [secrets[0]] });
      await row.getByText(receiver.url).click();
      const delivery = page.getByTestId('webhook-delivery-row').first();
      await expect(delivery).toContainText('project.ProjectCreated');
      await expect(delivery).toContainText(t['webhooks.status.delivered']!);
      await expect(delivery).toContainText('204');

      // redelivered: the same webhook-id again, and a second attempt in the log
      await delivery.getByRole('button', { name: t['webhooks.deliveries.redeliver'] }).click();
      await expect.poll(() => receiver.arrivals.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.arrivals[1]!.id).toBe(first.id);
      await expect(delivery.locator('td').nth(3)).toHaveText('2');
      await expect(delivery).toContainText(t['webhooks.status.delivered']!);
      await page.screenshot({ path: `${SHOTS}/webhooks-log-${language}.png`, fullPage: true });

      // rotated: a new secret, once; while the old one's grace period runs, deliveries carry both signatures
      await row.getByRole('button', { name: t['webhooks.list.rotate'] }).click();
      await expect(secret).toHaveValue(/^whsec_/);
      const rotated = await secret.inputValue();
      expect(rotated).not.toBe(secrets[0]);
      secrets.push(rotated);
      await page.getByRole('button', { name: t['webhooks.secret.done'] }).click();
      await createProject(request, token, licence);
      await expect.poll(() => receiver.arrivals.length, { timeout: 15_000 }).toBe(3);
      expect(receiver.arrivals[2]!.signedBy.sort()).toEqual([...secrets].sort());

      // the replay dialog says what the range covers (a screenshot; the replay itself is tested in the page test)
      await page.getByTestId('webhook-replay').click();
      await expect(page.getByTestId('webhook-replay-count')).toContainText(/\d/);
      await page.screenshot({ path: `${SHOTS}/webhooks-replay-${language}.png` });
    } finally {
      if (endpointId) await api(request, token).delete(`/api/webhooks/${endpointId}`);
      await receiver.close();
    }
  });
}
