import { randomBytes, randomUUID } from 'node:crypto';
import { toUserStreamId, userDecider, userSchemas, type Actor } from '@stramien/domain';
import type { AppDeps } from '../deps';
import { createLicence } from '../routes/licences/createLicence';

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

const randomPassword = (): string => `Demo-${randomBytes(9).toString('base64url')}#7`;

/**
 * At first start (no licence in the event log) creates the demo licence with a system admin and an
 * ordinary user. Their passwords are random and returned once for printing, or taken from
 * STRAMIEN_ADMIN_EMAIL / STRAMIEN_ADMIN_PASSWORD (admin) and STRAMIEN_DEMO_USER_PASSWORD (user).
 */
export const seedDemo = async (deps: AppDeps, env: Record<string, string | undefined> = process.env): Promise<DemoAccount[] | null> => {
  const existing = await deps.adapters.eventStore.readAll({ maxCount: 1, filter: { categories: ['licence'] } });
  if (existing.length > 0) return null;
  const licenceId = randomUUID();
  const now = deps.clock().toISOString();
  const system: Actor = { userId: 'system', licenceId, isSystemAdmin: true };
  const context = { actor: system, correlationId: randomUUID(), causationId: 'bootstrap' };
  await createLicence(deps.pipeline, { licenceId, name: 'Stramien Demo', themePrimary: null }, context, now);
  const accounts: Array<DemoAccount & { firstname: string; lastname: string; isSystemAdmin: boolean }> = [
    {
      email: env.STRAMIEN_ADMIN_EMAIL ?? 'admin@stramien.local',
      password: env.STRAMIEN_ADMIN_PASSWORD ?? randomPassword(),
      role: 'system admin',
      firstname: 'Demo',
      lastname: 'Admin',
      isSystemAdmin: true,
    },
    {
      email: env.STRAMIEN_DEMO_USER_EMAIL ?? 'user@stramien.local',
      password: env.STRAMIEN_DEMO_USER_PASSWORD ?? randomPassword(),
      role: 'user',
      firstname: 'Demo',
      lastname: 'User',
      isSystemAdmin: false,
    },
  ];
  for (const a of accounts) {
    const userId = randomUUID();
    const streamId = toUserStreamId(userId);
    const passwordHash = await deps.hasher.hash(a.password);
    await deps.pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command: {
        type: 'RegisterUser',
        data: {
          userId,
          email: a.email,
          firstname: a.firstname,
          lastname: a.lastname,
          language: 'en',
          passwordHash,
          isSystemAdmin: a.isSystemAdmin,
        },
        metadata: { actor: system, now },
      },
      context,
    });
    await deps.pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command: { type: 'AddUserToLicence', data: { licenceId, isAdmin: a.isSystemAdmin }, metadata: { actor: system, now } },
      context,
    });
  }
  return accounts.map(({ email, password, role }) => ({ email, password, role }));
};

export const printDemoAccounts = (accounts: DemoAccount[], url: string): void => {
  const lines = [
    '',
    '  Stramien demo licence created. Sign in at ' + url,
    ...accounts.map((a) => `    ${a.role.padEnd(13)} ${a.email}  password: ${a.password}`),
    '  These passwords are shown only this once.',
    '',
  ];
  console.log(lines.join('\n'));
};
