import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, identityRoutes } from '@stramien/api';
import { accountMessages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createLicence, createUser, demoLicenceId, failure, uniqueEmail, type TestUser } from './accountTesting';

/** Issue 6, D2 and D3: adding an address to a licence neither discloses the account nor gives power over it. */
let server: TestServer;
let adminToken: string;
let licenceB: string;
let adminOfB: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
  licenceB = await createLicence(server, 'Licence B');
  adminOfB = await createUser(server, adminToken, licenceB, { label: 'adminb', isAdmin: true });
});
afterAll(async () => {
  await server?.close();
});

const rawAdd = async (email: string) => {
  const res = await fetch(`${server.url}/api/license/${licenceB}/user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminOfB.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('A licence admin adding an address to their licence', () => {
  it('does not disclose the profile of an existing account, and answers a known and an unknown address alike (D2, D3)', async () => {
    const known = await rawAdd(DEMO.admin.email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await rawAdd(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    const shown = JSON.stringify(known.body);
    expect(shown).not.toContain('Admin');
    expect(shown).not.toContain('is_systemadmin');
    expect(String(unknown.body.message)).toContain(unknownEmail);
  });

  it('gives no power over a system admin added that way (D2)', async () => {
    await rawAdd(DEMO.admin.email);
    const sysadminId = (await server.api(adminToken).call(identityRoutes.currentUser)).id;
    const error = await failure(
      server.api(adminOfB.token).call(identityRoutes.updateUser, { params: { id: sysadminId }, body: { firstname: 'Renamed' } }),
    );
    expect([error.status, error.message]).toEqual([403, accountMessages.onlySystemAdminForSystemAdmin]);
    expect((await server.api(adminToken).call(identityRoutes.currentUser)).firstname).not.toBe('Renamed');
  });

  it('gives no power over an account that also belongs to a licence the adder does not administer (D2)', async () => {
    const licenceA = await demoLicenceId(server, await server.signIn(DEMO.user));
    const elsewhere = await createUser(server, adminToken, licenceA, { label: 'elsewhere' });
    await rawAdd(elsewhere.email);
    const error = await failure(
      server.api(adminOfB.token).call(identityRoutes.updateUser, { params: { id: elsewhere.id }, body: { firstname: 'Renamed' } }),
    );
    expect([error.status, error.message]).toEqual([403, accountMessages.otherLicencesNeedSystemAdmin]);
  });

  it('still lets the admin change an account that belongs to their licence alone', async () => {
    const own = await createUser(server, adminToken, licenceB, { label: 'own' });
    const { data } = await server
      .api(adminOfB.token)
      .call(identityRoutes.updateUser, { params: { id: own.id }, body: { firstname: 'Renamed' } });
    expect(data.firstname).toBe('Renamed');
    // the member list shows what the admin may see of users of their licence
    const list = await server.api(adminOfB.token).call(accountRoutes.licenceUsers, { params: { id: licenceB } });
    expect(list.data.map((u) => u.id)).toContain(own.id);
  });
});
