import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountMail,
  toUserStreamId,
  userDecider,
  userSchemas,
  type AccountMailInput,
  type Actor,
  type Language,
  type UserCommand,
  type UserState,
} from '@stramien/domain';
import type { AuthenticatedUser } from '@stramien/infra';
import type { LicenceDoc, UserDoc } from '@stramien/projections';
import { createCommandHandler, type Unsent } from '../../pipeline/commandHandler';
import type { AppDeps } from '../../deps';

/** A reset or invitation token: 256 random bits for the link, only its SHA-256 hash is stored. */
export const newAccountToken = (): { token: string; tokenHash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashAccountToken(token) };
};
export const hashAccountToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * What the account routes share: the read models, the user stream, the mails, and work that runs after the
 * answer (so the forgotten-password answer takes the same time whether or not the address has an account).
 */
export const createAccountSupport = (app: FastifyInstance, deps: AppDeps) => {
  const { documentStore } = deps.adapters;
  const users = documentStore.collection<UserDoc>('users');
  const licences = documentStore.collection<LicenceDoc>('licences');
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await deps.mail.close();
  });
  let unusable: Promise<string> | null = null;
  const handleUser = createCommandHandler(app, { decider: userDecider, schemas: userSchemas, toStreamId: toUserStreamId });

  const support = {
    users,
    licences,
    /** the user aggregate's state, for checks before the (costly) password hash */
    loadState(userId: string): Promise<UserState> {
      return handleUser.load(userId);
    },
    /** the user aggregate's command handler; the caller settles the read models when the answer needs them */
    run(userId: string, command: Unsent<UserCommand>, request: FastifyRequest, actor: Actor) {
      return handleUser(request, userId, command, { actor, settle: false });
    },
    /** waits (boundedly) until the read models have the command's events */
    async settle(position: number): Promise<void> {
      await app.projectionWait.waitFor(position, app.minPositionWaitMs);
    },
    /** a hash of a random password nobody knows: invited accounts cannot sign in until they choose one */
    unusablePasswordHash(): Promise<string> {
      unusable ??= deps.hasher.hash(randomBytes(32).toString('base64url'));
      return unusable;
    },
    /**
     * A link into the web app for an e-mail: on STRAMIEN_PUBLIC_URL when set, else on the origin the request came to
     * (Fastify honours X-Forwarded-Proto/-Host only from a trusted proxy). docs/accounts.md.
     */
    link(request: FastifyRequest, path: string): string {
      return `${deps.config.STRAMIEN_PUBLIC_URL ?? `${request.protocol}://${request.host}`}${path}`;
    },
    /** sends one account mail; a failure is logged, never shown (the answers must not depend on it) */
    async mail(to: string, language: Language, input: AccountMailInput): Promise<void> {
      try {
        await deps.mail.send({ to, ...accountMail(input, language) });
      } catch (error) {
        app.log.error({ err: error, kind: input.kind }, 'account mail could not be sent');
      }
    },
    /** runs `task` after the answer; the server waits for it when closing */
    later(task: () => Promise<void>): void {
      const run: Promise<void> = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'account task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  return support;
};
export type AccountSupport = ReturnType<typeof createAccountSupport>;

/** The caller as the actor of a command on a licence. */
export const actorIn = (me: AuthenticatedUser, licenceId: string): Actor => ({
  userId: me.userId,
  licenceId,
  isSystemAdmin: me.isSystemAdmin,
});
