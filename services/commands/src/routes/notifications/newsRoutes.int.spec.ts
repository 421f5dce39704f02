import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityRoutes, newsRoutes } from '@stramien/api';
import { messages, newsMessages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';

let server: TestServer;
let admin: ReturnType<TestServer['api']>;
let user: ReturnType<TestServer['api']>;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api(await server.signIn(DEMO.admin));
  user = server.api(await server.signIn(DEMO.user));
});
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const item = (title = 'Boards are here') => ({
  translations: {
    en: { title, description: 'Drag **cards** between lanes.', button_title: 'Open boards' },
    nl: { title: `${title} (nl)`, description: 'Sleep **kaarten** tussen banen.', button_title: '' },
    de: { title: '', description: '', button_title: '' },
  },
  image: 'https://example.com/boards.png',
  tags: ['tasks', 'boards'],
  auto_open: true,
  button_url: '/tasks/board',
});

describe('POST /api/news', () => {
  it('creates an item for a system admin, with every language it was written in', async () => {
    const res = await admin.call(newsRoutes.create, { body: item() });
    expect(res.data).toMatchObject({
      id: expect.any(String),
      translations: {
        en: { title: 'Boards are here', description: 'Drag **cards** between lanes.', button_title: 'Open boards' },
        nl: { title: 'Boards are here (nl)', description: 'Sleep **kaarten** tussen banen.', button_title: '' },
      },
      image: 'https://example.com/boards.png',
      tags: ['tasks', 'boards'],
      auto_open: true,
      button_url: '/tasks/board',
    });
    // a language left blank is not stored
    expect(res.data.translations.de).toBeUndefined();
    expect((await admin.call(newsRoutes.list)).data.map((n) => n.id)).toContain(res.data.id);
  });

  it("refuses a missing English title with 'Required.' on the field, appending nothing", async () => {
    const before = await head();
    const body = item();
    body.translations.en.title = '  ';
    expect(await failure(admin.call(newsRoutes.create, { body }))).toEqual({
      status: 422,
      message: newsMessages.required,
      errors: { 'translations.en.title': [newsMessages.required] },
    });
    expect(await head()).toBe(before);
  });

  it('refuses a javascript: button address, appending nothing', async () => {
    const before = await head();
    expect(await failure(admin.call(newsRoutes.create, { body: { ...item(), button_url: 'javascript:alert(1)' } }))).toMatchObject({
      status: 422,
      errors: { button_url: [newsMessages.invalidLink] },
    });
    expect(await head()).toBe(before);
  });

  it.each([
    ['a 1 MB description', { ...item(), translations: { en: { title: 'x', description: 'x'.repeat(1_000_000), button_title: '' } } }],
    ['a 1 MB title', { ...item(), translations: { en: { title: 'x'.repeat(1_000_000), description: 'x', button_title: '' } } }],
    ['no English texts', { ...item(), translations: { nl: { title: 'x', description: 'x', button_title: '' } } }],
    ['a language that is not offered', { ...item(), translations: { ...item().translations, fr: { title: 'x', description: 'x' } } }],
    ['eleven tags', { ...item(), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['an unknown field', { ...item(), urgent: true }],
    ['auto_open that is not a boolean', { ...item(), auto_open: 'yes' }],
  ])('answers 400 with a message for %s, appending nothing', async (_, body) => {
    const before = await head();
    const refused = await failure(admin.call(newsRoutes.create, { body: body as never }));
    expect(refused.status).toBe(400);
    expect(refused.message).not.toBe('');
    expect(await head()).toBe(before);
  });

  it('says how long a description may be', async () => {
    const refused = await failure(
      admin.call(newsRoutes.create, {
        body: { ...item(), translations: { en: { title: 'x', description: 'x'.repeat(1_000_000), button_title: '' } } },
      }),
    );
    expect(refused.errors?.['translations.en.description']).toEqual(['Max 20000 characters']);
  });

  it('answers 403 to a user who is not a system admin, appending nothing', async () => {
    const before = await head();
    expect(await failure(user.call(newsRoutes.create, { body: item() }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
    expect(await failure(user.call(newsRoutes.list))).toMatchObject({ status: 403 });
    expect(await head()).toBe(before);
  });
});

describe('PUT and DELETE /api/news/:id', () => {
  it('changes an item and deletes it; a second delete answers 404', async () => {
    const created = await admin.call(newsRoutes.create, { body: item('To change') });
    const changed = await admin.call(newsRoutes.update, {
      params: { id: created.data.id },
      body: { ...item('Changed'), auto_open: false, tags: [] },
    });
    expect(changed.data).toMatchObject({ id: created.data.id, auto_open: false, tags: [], translations: { en: { title: 'Changed' } } });
    expect(Date.parse(changed.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.data.updated_at));
    expect(await admin.call(newsRoutes.delete, { params: { id: created.data.id } })).toMatchObject({ message: newsMessages.deleted });
    expect((await admin.call(newsRoutes.list)).data.map((n) => n.id)).not.toContain(created.data.id);
    expect(await failure(admin.call(newsRoutes.delete, { params: { id: created.data.id } }))).toMatchObject({
      status: 404,
      message: newsMessages.notFound,
    });
  });

  it('answers 404 for an unknown id, 400 for an id that is not a uuid, 403 to a non-admin', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await failure(admin.call(newsRoutes.update, { params: { id: unknown }, body: item() }))).toMatchObject({ status: 404 });
    expect((await failure(admin.call(newsRoutes.delete, { params: { id: 'n1' } }))).status).toBe(400);
    const created = await admin.call(newsRoutes.create, { body: item('Guarded') });
    expect((await failure(user.call(newsRoutes.update, { params: { id: created.data.id }, body: item() }))).status).toBe(403);
    expect((await failure(user.call(newsRoutes.delete, { params: { id: created.data.id } }))).status).toBe(403);
  });
});

describe('GET /api/whats-new and POST /api/whats-new/read', () => {
  it('gives the items newest first in the asked language, each field falling back to English', async () => {
    const created = await admin.call(newsRoutes.create, { body: item('Language test') });
    const nl = (await user.call(newsRoutes.whatsNew, { query: { lang: 'nl' } })).data.find((n) => n.id === created.data.id);
    expect(nl).toMatchObject({
      title: 'Language test (nl)',
      description: 'Sleep **kaarten** tussen banen.',
      // left blank in Dutch: English
      button_title: 'Open boards',
      button_url: '/tasks/board',
      image: 'https://example.com/boards.png',
      tags: ['tasks', 'boards'],
      auto_open: true,
    });
    const de = (await user.call(newsRoutes.whatsNew, { query: { lang: 'de' } })).data.find((n) => n.id === created.data.id);
    expect(de).toMatchObject({ title: 'Language test', description: 'Drag **cards** between lanes.' });
    const all = (await user.call(newsRoutes.whatsNew)).data;
    expect(all[0]!.id).toBe(created.data.id);
  });

  it("defaults to the user's own language", async () => {
    const created = await admin.call(newsRoutes.create, { body: item('Profile language') });
    const me = await user.call(identityRoutes.currentUser);
    await user.call(identityRoutes.updateUser, { params: { id: me.id }, body: { language: 'nl' } });
    // the signed-in user's profile is cached for a moment (AUTH_CACHE_TTL_MS): the language arrives within it
    await expect
      .poll(async () => (await user.call(newsRoutes.whatsNew)).data.find((n) => n.id === created.data.id)?.title, { timeout: 10_000 })
      .toBe('Profile language (nl)');
    await user.call(identityRoutes.updateUser, { params: { id: me.id }, body: { language: 'en' } });
  });

  it('keeps the read time per user on the server; an item changed later is unread again', async () => {
    const created = await admin.call(newsRoutes.create, { body: item('Read time') });
    const before = (await user.call(newsRoutes.whatsNew)).read_at;
    const read = await user.call(newsRoutes.markRead, { body: {} });
    expect(read.read_at).toEqual(expect.any(String));
    if (before) expect(Date.parse(read.read_at)).toBeGreaterThanOrEqual(Date.parse(before));
    const after = await user.call(newsRoutes.whatsNew);
    expect(after.read_at).toBe(read.read_at);
    const theItem = after.data.find((n) => n.id === created.data.id)!;
    expect(Date.parse(theItem.updated_at)).toBeLessThanOrEqual(Date.parse(read.read_at));
    // the admin's own read time is another one
    expect((await admin.call(newsRoutes.whatsNew)).read_at).not.toBe(read.read_at);
    await new Promise((r) => setTimeout(r, 5));
    await admin.call(newsRoutes.update, { params: { id: created.data.id }, body: { ...item('Read time'), tags: ['changed'] } });
    const changed = (await user.call(newsRoutes.whatsNew)).data.find((n) => n.id === created.data.id)!;
    expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse(read.read_at));
  });

  it('refuses a language that is not offered and a body with fields, appending nothing', async () => {
    const before = await head();
    expect((await failure(user.call(newsRoutes.whatsNew, { query: { lang: 'fr' as never } }))).status).toBe(400);
    expect((await failure(user.call(newsRoutes.markRead, { body: { at: '2030-01-01' } as never }))).status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await failure(server.api().call(newsRoutes.whatsNew))).status).toBe(401);
    expect((await failure(server.api().call(newsRoutes.markRead, { body: {} }))).status).toBe(401);
  });
});
