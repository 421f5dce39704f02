import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityRoutes, licenceRoutes, projectRoutes, type Body, type Project } from '@stramien/api';
import { PROJECT_IMAGE_MAX_BYTES, messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { keepAliveClient } from '../../testing/rawUpload';
import { createProjectsTestKit, failure } from './projectsTestKit';

let server: TestServer;
let kit: ReturnType<typeof createProjectsTestKit>;
let admin: string; // system admin, admin of the demo licence
let user: string; // ordinary user of the demo licence
let userId: string;
let adminId: string;
let licence: string; // the demo licence
let lia: { id: string; token: string }; // licence admin (not a system admin) of the demo licence
let otto: { id: string; token: string }; // user of another licence only
let otherLicence: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

beforeAll(async () => {
  server = await startTestServer();
  kit = createProjectsTestKit(server);
  [admin, user] = await Promise.all([server.signIn(DEMO.admin), server.signIn(DEMO.user)]);
  const [me, adminMe] = await Promise.all([kit.me(user), kit.me(admin)]);
  userId = me.id;
  adminId = adminMe.id;
  licence = me.licenses[0]!.id;
  otherLicence = await kit.createLicence('Other Bouw');
  lia = await kit.createUser('Lia', { [licence]: true });
  otto = await kit.createUser('Otto', { [otherLicence]: false });
});
afterAll(async () => {
  await server?.close();
});

const api = (token: string) => server.api(token);
type CreateBody = Body<typeof projectRoutes.create>;
const create = async (token: string, body: Partial<CreateBody> = {}) => {
  const res = await api(token).call(projectRoutes.create, {
    body: { license: licence, name: unique('Nieuwbouw'), number: '2024-01', ...body },
  });
  return res.data;
};
const raw = (token: string, path: string, init: RequestInit = {}) =>
  fetch(server.url + path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
const head = () => server.adapters.eventStore.headPosition();

describe('licences', () => {
  it('answers a licence to its users with the default theme colour', async () => {
    expect(await api(user).call(licenceRoutes.get, { params: { id: licence } })).toEqual({
      id: licence,
      name: 'Stramien Demo',
      theme: { primary: '#2e8be8', custom: false },
      manufacturing: false,
    });
  });

  it('answers 404 for a licence the user does not belong to', async () => {
    expect((await failure(api(otto.token).call(licenceRoutes.get, { params: { id: licence } }))).status).toBe(404);
  });

  it('lets a licence admin change the theme colour, which GET /user then carries', async () => {
    const res = await api(lia.token).call(licenceRoutes.update, { params: { id: licence }, body: { theme: { primary: '#D32F2F' } } });
    expect(res.data.theme).toEqual({ primary: '#d32f2f', custom: true });
    const me = await api(user).call(identityRoutes.currentUser, { minPosition: res.position });
    expect(me.licenses[0]!.theme.primary).toBe('#d32f2f');
    const reset = await api(lia.token).call(licenceRoutes.update, { params: { id: licence }, body: { theme: { primary: null } } });
    expect(reset.data.theme).toEqual({ primary: '#2e8be8', custom: false });
  });

  it("refuses a colour that is not 3 or 6 hex digits with 'Invalid HEX color.', appending nothing", async () => {
    const before = await head();
    const error = await failure(api(admin).call(licenceRoutes.update, { params: { id: licence }, body: { theme: { primary: '#12345' } } }));
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ 'theme.primary': ['Invalid HEX color.'] });
    expect(await head()).toBe(before);
  });

  it('refuses changes by an ordinary user with 403', async () => {
    const error = await failure(api(user).call(licenceRoutes.update, { params: { id: licence }, body: { name: 'Mine' } }));
    expect(error.status).toBe(403);
    expect(error.message).toBe(messages.shared.forbidden);
  });

  it('lets only system admins create licences; a DHME licence enables the manufacturing modules', async () => {
    expect((await failure(api(lia.token).call(licenceRoutes.create, { body: { name: 'Lia BV' } }))).status).toBe(403);
    const created = await api(admin).call(licenceRoutes.create, { body: { name: 'DHME Fabriek', theme: { primary: 'abc' } } });
    expect(created.data).toMatchObject({ name: 'DHME Fabriek', theme: { primary: '#aabbcc', custom: true }, manufacturing: true });
    const modules = await api(admin).call(licenceRoutes.modules, { params: { id: created.data.id } });
    expect(modules.some((m) => m.id === 'dhme-hall-dashboard')).toBe(true);
    const demoModules = await api(user).call(licenceRoutes.modules, { params: { id: licence } });
    expect(demoModules.some((m) => m.manufacturing)).toBe(false);
    expect(demoModules.map((m) => m.name)).toEqual([...demoModules.map((m) => m.name)].sort((a, b) => a.localeCompare(b)));
  });
});

describe('POST /api/project', () => {
  it('creates a project with roles and modules; the creator becomes a member with the admin role', async () => {
    const res = await api(admin).call(projectRoutes.create, {
      body: {
        license: licence,
        name: 'Brug Noord',
        number: 'P-100',
        description: 'A bridge',
        modules: ['fourd', 'build-order'],
        roles: [
          { name: 'Beheer', is_projectadmin: true },
          { name: 'Uitvoering', is_projectadmin: false, users: [userId] },
        ],
      },
    });
    expect(res.message).toBe('Project created');
    const project = res.data;
    expect(project).toMatchObject({
      slug: 'p-100-brug-noord',
      number: 'P-100',
      name: 'Brug Noord',
      license: licence,
      is_member: true,
      is_projectadmin: true,
      is_favorite: false,
      image: null,
      role: { name: 'Beheer', is_projectadmin: true },
      sessions: [],
      external_links: [],
      generalPermissions: { workflows: true, tables: true, sbs: true, labels: true, tasks: true },
    });
    expect(project.roles.map((r) => [r.name, r.is_projectadmin, r.members])).toEqual([
      ['Beheer', true, 1],
      ['Uitvoering', false, 1],
    ]);
    expect(project.modules.map((m) => [m.id, m.pool, m.accessible])).toEqual([
      ['fourd', 20, true],
      ['build-order', 20, true],
    ]);
    // the member sees it, without links, modules not accessible without a team
    const seen = await api(user).call(projectRoutes.get, { params: { id: project.id }, minPosition: res.position });
    expect(seen).toMatchObject({ is_member: true, is_projectadmin: false, role: { name: 'Uitvoering' } });
    expect(seen.external_links).toBeUndefined();
    expect(seen.modules.every((m) => !m.accessible)).toBe(true);
    expect(seen.generalPermissions).toEqual({ workflows: false, tables: false, sbs: false, labels: false, tasks: false });
    // GET /user carries the roles
    const me = await api(user).call(identityRoutes.currentUser);
    expect(me.roles).toContainEqual({ id: seen.role!.id, name: 'Uitvoering', project: project.id, is_projectadmin: false });
  });

  it('adds a project admin role when none is given and numbers a slug that is taken', async () => {
    const first = await create(admin, { name: 'Zelfde', number: '7' });
    const second = await create(admin, { name: 'Zelfde', number: '7' });
    expect(first.slug).toBe('7-zelfde');
    expect(second.slug).toBe('7-zelfde-2');
    expect(second.roles).toEqual([{ id: expect.any(String), name: 'Project admin', is_projectadmin: true, members: 1 }]);
  });

  it("refuses a missing name with 'Required.', appending nothing", async () => {
    const before = await head();
    const error = await failure(api(admin).call(projectRoutes.create, { body: { license: licence, number: '1' } as never }));
    expect(error.status).toBe(400);
    expect(error.errors?.name).toEqual(['Required.']);
    expect(await head()).toBe(before);
  });

  it('refuses an ordinary user with 403', async () => {
    expect((await failure(create(user))).status).toBe(403);
  });

  it('answers 404 for a licence the admin does not belong to', async () => {
    expect(
      (await failure(api(lia.token).call(projectRoutes.create, { body: { license: otherLicence, name: 'X', number: '1' } }))).status,
    ).toBe(404);
  });

  it('refuses users outside the licence and manufacturing modules outside a manufacturer licence with 422, appending nothing', async () => {
    const before = await head();
    const outside = await failure(create(admin, { roles: [{ name: 'R', is_projectadmin: true, users: [otto.id] }] }));
    expect(outside.status).toBe(422);
    expect(outside.message).toBe('This user does not belong to the licence of this project.');
    const module = await failure(create(admin, { modules: ['dhme-library'] }));
    expect(module.status).toBe(422);
    expect(module.message).toBe('This module is not available in this licence.');
    expect(await head()).toBe(before);
  });
});

describe('reading projects', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lezer', is_projectadmin: false, users: [userId] }] });
  });

  it('lists the projects a user is a member of; admins see all of the licence with is_member', async () => {
    const hidden = await create(admin);
    const mine = await api(user).call(projectRoutes.list, { query: { license: licence } });
    expect(mine.map((p) => p.id)).toContain(project.id);
    expect(mine.map((p) => p.id)).not.toContain(hidden.id);
    const all = await api(lia.token).call(projectRoutes.list, { query: { license: licence } });
    expect(all.find((p) => p.id === hidden.id)?.is_member).toBe(false);
  });

  it('finds a project by its slug', async () => {
    expect((await api(user).call(projectRoutes.findBySlug, { params: { slug: project.slug } })).id).toBe(project.id);
    expect((await api(user).call(projectRoutes.findBySlug, { params: { slug: project.slug }, query: { license: licence } })).id).toBe(
      project.id,
    );
    expect((await failure(api(user).call(projectRoutes.findBySlug, { params: { slug: 'no-such-project' } }))).status).toBe(404);
  });

  it('answers 404 for a project of another licence, and for one the user may not see', async () => {
    const hidden = await create(admin);
    // each call starts only when awaited: a rejection never waits unhandled behind an earlier one
    for (const call of [
      () => api(otto.token).call(projectRoutes.get, { params: { id: project.id } }),
      () => api(otto.token).call(projectRoutes.findBySlug, { params: { slug: project.slug } }),
      () => api(otto.token).call(projectRoutes.list, { query: { license: licence } }),
      () => api(otto.token).call(projectRoutes.members, { params: { id: project.id } }),
      () => api(user).call(projectRoutes.get, { params: { id: hidden.id } }),
      () => api(user).call(projectRoutes.addFavorite, { params: { id: hidden.id } }),
      () => api(user).call(projectRoutes.get, { params: { id: '7d3c3a52-0000-4000-8000-000000000000' } }),
    ]) {
      const error = await failure(call());
      expect(error.status).toBe(404);
      expect(['Project not found.', 'Licence not found.']).toContain(error.message);
    }
  });

  it('answers the members with their role and accepts filter[tasks]', async () => {
    const members = await api(user).call(projectRoutes.members, { params: { id: project.id }, query: { 'filter[tasks]': 'open' } });
    expect(members.map((m) => [m.id, m.role.is_projectadmin])).toEqual(
      expect.arrayContaining([
        [adminId, true],
        [userId, false],
      ]),
    );
  });
});

describe('changing a project', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lid', is_projectadmin: false, users: [userId] }] });
  });

  it('lets a project admin change the general fields', async () => {
    const res = await api(admin).call(projectRoutes.update, {
      params: { id: project.id },
      body: { name: 'Hernoemd', description: 'Nieuw' },
    });
    expect(res).toMatchObject({ message: 'Project updated', data: { name: 'Hernoemd', description: 'Nieuw', slug: project.slug } });
  });

  it('refuses a member without the admin role with 403', async () => {
    const error = await failure(api(user).call(projectRoutes.update, { params: { id: project.id }, body: { name: 'X' } }));
    expect(error.status).toBe(403);
  });

  it('adds and removes favourites with the server message', async () => {
    const added = await api(user).call(projectRoutes.addFavorite, { params: { id: project.id } });
    expect(added.message).toBe('Project added to favorites');
    expect(added.data.is_favorite).toBe(true);
    // per user: the admin's view is unchanged
    expect((await api(admin).call(projectRoutes.get, { params: { id: project.id } })).is_favorite).toBe(false);
    const removed = await api(user).call(projectRoutes.removeFavorite, { params: { id: project.id } });
    expect(removed.message).toBe('Project removed from favorites');
    expect(removed.data.is_favorite).toBe(false);
  });
});

describe('members and roles', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, {
      roles: [
        { name: 'Admin', is_projectadmin: true },
        { name: 'Lid', is_projectadmin: false },
      ],
    });
  });
  const role = (name: string) => project.roles.find((r) => r.name === name)!.id;

  it('answers the users of the licence with their membership to project admins only', async () => {
    const users = await api(admin).call(projectRoutes.licenseUsers, { params: { id: project.id } });
    expect(users.find((u) => u.id === adminId)).toMatchObject({ is_member: true, role_id: role('Admin') });
    expect(users.find((u) => u.id === userId)).toMatchObject({ is_member: false, role_id: null });
    expect(users.some((u) => u.id === otto.id)).toBe(false);
    expect((await failure(api(user).call(projectRoutes.licenseUsers, { params: { id: project.id } }))).status).toBe(404);
  });

  it('adds a member, changes the role and removes them', async () => {
    const added = await api(admin).call(projectRoutes.addMember, { params: { id: project.id }, body: { user: userId, role: role('Lid') } });
    expect(added).toMatchObject({
      message: 'Member added',
      data: { id: userId, name: 'Demo User', role: { name: 'Lid', is_projectadmin: false } },
    });
    expect(
      (await failure(api(admin).call(projectRoutes.addMember, { params: { id: project.id }, body: { user: userId, role: role('Lid') } })))
        .status,
    ).toBe(409);
    expect(
      (await failure(api(user).call(projectRoutes.addMember, { params: { id: project.id }, body: { user: lia.id, role: role('Lid') } })))
        .status,
    ).toBe(403);
    const changed = await api(admin).call(projectRoutes.changeMemberRole, {
      params: { id: project.id, userId },
      body: { role: role('Admin') },
    });
    expect(changed.data.role.is_projectadmin).toBe(true);
    const removed = await api(admin).call(projectRoutes.removeMember, { params: { id: project.id, userId } });
    expect(removed.message).toBe('Member removed');
    expect((await failure(api(user).call(projectRoutes.get, { params: { id: project.id } }))).status).toBe(404);
  });

  it('refuses a user of another licence and keeps the last project admin', async () => {
    const outside = await failure(
      api(admin).call(projectRoutes.addMember, { params: { id: project.id }, body: { user: otto.id, role: role('Lid') } }),
    );
    expect(outside.status).toBe(422);
    const last = await failure(api(admin).call(projectRoutes.removeMember, { params: { id: project.id, userId: adminId } }));
    expect(last.status).toBe(422);
    expect(last.message).toBe('A project needs at least one member with a project admin role.');
  });

  it('creates, renames and deletes roles', async () => {
    const created = await api(admin).call(projectRoutes.createRole, { params: { id: project.id }, body: { name: 'Gast' } });
    expect(created).toMatchObject({ message: 'Role created', data: { name: 'Gast', is_projectadmin: false, members: 0 } });
    const taken = await failure(api(admin).call(projectRoutes.createRole, { params: { id: project.id }, body: { name: 'gast' } }));
    expect(taken.status).toBe(422);
    const renamed = await api(admin).call(projectRoutes.updateRole, {
      params: { id: project.id, roleId: created.data.id },
      body: { name: 'Bezoeker', is_projectadmin: true },
    });
    expect(renamed.data).toMatchObject({ name: 'Bezoeker', is_projectadmin: true });
    expect((await failure(api(user).call(projectRoutes.roles, { params: { id: project.id } }))).status).toBe(404);
    const roles = await api(admin).call(projectRoutes.roles, { params: { id: project.id } });
    expect(roles.map((r) => r.name)).toEqual(['Admin', 'Lid', 'Bezoeker']);
    expect((await api(admin).call(projectRoutes.deleteRole, { params: { id: project.id, roleId: created.data.id } })).message).toBe(
      'Role deleted',
    );
    const inUse = await failure(api(admin).call(projectRoutes.deleteRole, { params: { id: project.id, roleId: role('Admin') } }));
    expect(inUse.status).toBe(409);
  });
});

describe('external links', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lid', is_projectadmin: false, users: [userId] }] });
  });

  it('lets a project admin create, change and delete links with the spec messages', async () => {
    const created = await api(admin).call(projectRoutes.createLink, {
      params: { id: project.id },
      body: { name: 'Drive', link: 'https://drive.example.com/x', color: '#ABC' },
    });
    expect(created).toMatchObject({ message: 'Successfully created link', data: { name: 'Drive', color: '#aabbcc' } });
    const updated = await api(admin).call(projectRoutes.updateLink, {
      params: { id: project.id, linkId: created.data.id },
      body: { name: 'Wiki' },
    });
    expect(updated).toMatchObject({ message: 'Successfully updated link', data: { name: 'Wiki', link: 'https://drive.example.com/x' } });
    expect(await api(admin).call(projectRoutes.links, { params: { id: project.id } })).toEqual([updated.data]);
    expect((await api(admin).call(projectRoutes.get, { params: { id: project.id } })).external_links).toEqual([updated.data]);
    const deleted = await api(admin).call(projectRoutes.deleteLink, { params: { id: project.id, linkId: created.data.id } });
    expect(deleted.message).toBe('Successfully deleted link');
    expect((await failure(api(admin).call(projectRoutes.deleteLink, { params: { id: project.id, linkId: created.data.id } }))).status).toBe(
      404,
    );
  });

  it("refuses missing name and url with 'Required.' and a bad colour with 'Invalid HEX color.'", async () => {
    const before = await head();
    const missing = await failure(api(admin).call(projectRoutes.createLink, { params: { id: project.id }, body: { name: ' ', link: '' } }));
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ name: ['Required.'], link: ['Required.'] });
    const absent = await failure(api(admin).call(projectRoutes.createLink, { params: { id: project.id }, body: {} as never }));
    expect(absent.errors).toEqual({ name: ['Required.'], link: ['Required.'] });
    const colour = await failure(
      api(admin).call(projectRoutes.createLink, { params: { id: project.id }, body: { name: 'X', link: 'https://x.nl', color: '#abcd' } }),
    );
    expect(colour.errors).toEqual({ color: ['Invalid HEX color.'] });
    const script = await failure(
      api(admin).call(projectRoutes.createLink, { params: { id: project.id }, body: { name: 'X', link: 'javascript:alert(1)' } }),
    );
    expect(script.status).toBe(422);
    expect(await head()).toBe(before);
  });

  it('refuses members who are not project admins with 403', async () => {
    expect((await failure(api(user).call(projectRoutes.links, { params: { id: project.id } }))).status).toBe(403);
    expect(
      (await failure(api(user).call(projectRoutes.createLink, { params: { id: project.id }, body: { name: 'X', link: 'https://x.nl' } })))
        .status,
    ).toBe(403);
  });
});

describe('project modules', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lid', is_projectadmin: false, users: [userId] }] });
  });

  it('adds a module with the default pool 20 and removes it', async () => {
    const added = await api(admin).call(projectRoutes.addModule, { params: { moduleId: 'fourd', projectId: project.id } });
    expect(added.message).toBe('Successfully added module 4D Planning');
    expect(added.data.modules).toEqual([
      expect.objectContaining({ id: 'fourd', name: '4D Planning', route: '4d', pool: 20, accessible: true }),
    ]);
    const pooled = await api(admin).call(projectRoutes.addModule, {
      params: { moduleId: 'fourd', projectId: project.id },
      body: { pool: 35 },
    });
    expect(pooled.data.modules[0]!.pool).toBe(35);
    const removed = await api(admin).call(projectRoutes.removeModule, { params: { moduleId: 'fourd', projectId: project.id } });
    expect(removed.data.modules).toEqual([]);
    expect(
      (await failure(api(admin).call(projectRoutes.removeModule, { params: { moduleId: 'fourd', projectId: project.id } }))).status,
    ).toBe(404);
  });

  it('refuses a manufacturing module in a licence without the marker, and an unknown module', async () => {
    expect(
      (await failure(api(admin).call(projectRoutes.addModule, { params: { moduleId: 'dhme-library', projectId: project.id } }))).status,
    ).toBe(422);
    expect((await raw(admin, `/api/modules/no-such-module/project/${project.id}`, { method: 'POST' })).status).toBe(400);
  });

  it("makes modules and general apps accessible to members through their teams' permissions", async () => {
    await api(admin).call(projectRoutes.addModule, { params: { moduleId: 'gis-viewer', projectId: project.id } });
    await server.adapters.documentStore.collection('teams').insertOne({
      _id: `team-${project.id}`,
      projectId: project.id,
      licenceId: licence,
      name: 'Uitvoering',
      userIds: [userId],
      general: { workflows: false, tables: true, sbs: false, labels: false, tasks: true },
      modules: ['gis-viewer'],
    });
    const seen = await api(user).call(projectRoutes.get, { params: { id: project.id } });
    expect(seen.modules.find((m) => m.id === 'gis-viewer')?.accessible).toBe(true);
    expect(seen.generalPermissions).toEqual({ workflows: false, tables: true, sbs: false, labels: false, tasks: true });
  });

  it('refuses members without project settings rights with 403', async () => {
    expect((await failure(api(user).call(projectRoutes.addModule, { params: { moduleId: 'fourd', projectId: project.id } }))).status).toBe(
      403,
    );
  });
});

describe('the project image', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lid', is_projectadmin: false, users: [userId] }] });
  });
  const upload = (token: string, body: BodyInit, contentType: string) =>
    raw(token, `/api/project/${project.id}/image`, { method: 'POST', body, headers: { 'content-type': contentType } });

  it('takes raw PNG bytes and streams them back with their type to members', async () => {
    const res = await upload(admin, PNG, 'image/png');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: Project };
    expect(body.message).toBe('Project image updated');
    expect(body.data.image).toEqual({ id: expect.any(String), mimeType: 'image/png' });
    const image = await raw(user, `/api/project/${project.id}/image/${body.data.image!.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await raw(otto.token, `/api/project/${project.id}/image/${body.data.image!.id}`)).status).toBe(404);
    expect((await raw(user, `/api/project/${project.id}/image/7d3c3a52-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('takes base64 JSON', async () => {
    const res = await api(admin).call(projectRoutes.uploadImage, {
      params: { id: project.id },
      body: { mimeType: 'image/png', file: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(res.data.image?.mimeType).toBe('image/png');
  });

  it('refuses bytes that do not match the declared type with 422, an unsupported type with 415, appending nothing', async () => {
    const before = await head();
    const mismatch = await upload(admin, PNG, 'image/jpeg');
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as { message: string }).message).toBe('The file content does not match its image type.');
    const svg = await upload(admin, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { message: string }).message).toBe('The image must be a PNG, JPEG, WebP or GIF file.');
    const json = await failure(
      api(admin).call(projectRoutes.uploadImage, {
        params: { id: project.id },
        body: { mimeType: 'image/gif', file: PNG.toString('base64') },
      }),
    );
    expect(json.status).toBe(422);
    const badBase64 = await failure(
      api(admin).call(projectRoutes.uploadImage, { params: { id: project.id }, body: { mimeType: 'image/png', file: '!!!' } }),
    );
    expect(badBase64.status).toBe(422);
    expect(await head()).toBe(before);
  });

  it('refuses an image over 5 MiB with 413', async () => {
    const before = await head();
    const big = Buffer.concat([PNG, Buffer.alloc(PROJECT_IMAGE_MAX_BYTES)]);
    const res = await upload(admin, big, 'image/png');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('The image may be at most 5 MB.');
    expect(await head()).toBe(before);
  });

  it('refuses members without project settings rights with 403', async () => {
    expect((await upload(user, PNG, 'image/png')).status).toBe(403);
  });

  it.each([
    ['over 5 MiB', 'image/png', 413],
    ['that is not the declared type', 'image/jpeg', 422],
    ['of an unsupported type', 'image/svg+xml', 415],
  ])('answers a 30 MB raw upload %s promptly and leaves the kept-alive connection usable', async (_name, contentType, status) => {
    const client = keepAliveClient(server.url);
    try {
      const headers = { authorization: `Bearer ${admin}`, 'content-type': contentType };
      expect((await client.upload(`/api/project/${project.id}/image`, headers, PNG, 30 * 1024 * 1024)).status).toBe(status);
      expect(await client.get('/api/health/live')).toBe(200);
    } finally {
      client.close();
    }
  });
});

describe('connecting and archiving', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { roles: [{ name: 'Lid', is_projectadmin: false, users: [userId] }] });
  });

  it('lets a licence admin who is not a member see the project and connect', async () => {
    const seen = await api(lia.token).call(projectRoutes.get, { params: { id: project.id } });
    expect(seen).toMatchObject({ is_member: false, is_projectadmin: false });
    const res = await api(lia.token).call(projectRoutes.connect, { params: { id: project.id } });
    expect(res.message).toBe('You are now a member of this project');
    expect(res.data).toMatchObject({ is_member: true, is_projectadmin: true });
    expect((await failure(api(user).call(projectRoutes.connect, { params: { id: project.id } }))).status).toBe(403);
  });

  it('lets user admins archive a project: members no longer see it, admins list it on request and may restore it', async () => {
    expect((await failure(api(user).call(projectRoutes.archive, { params: { id: project.id } }))).status).toBe(403);
    const archived = await api(lia.token).call(projectRoutes.archive, { params: { id: project.id } });
    expect(archived).toMatchObject({ message: 'Project archived', data: { archived: true } });
    expect((await failure(api(user).call(projectRoutes.get, { params: { id: project.id } }))).status).toBe(404);
    expect((await api(user).call(projectRoutes.list, { query: { license: licence } })).some((p) => p.id === project.id)).toBe(false);
    expect((await api(lia.token).call(projectRoutes.list, { query: { license: licence } })).some((p) => p.id === project.id)).toBe(false);
    const withArchived = await api(lia.token).call(projectRoutes.list, { query: { license: licence, archived: '1' } });
    expect(withArchived.find((p) => p.id === project.id)?.archived).toBe(true);
    expect((await failure(api(admin).call(projectRoutes.update, { params: { id: project.id }, body: { name: 'X' } }))).status).toBe(409);
    const restored = await api(lia.token).call(projectRoutes.restore, { params: { id: project.id } });
    expect(restored.data.archived).toBe(false);
    expect((await api(user).call(projectRoutes.get, { params: { id: project.id } })).id).toBe(project.id);
  });
});
