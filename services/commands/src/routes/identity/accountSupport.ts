import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DomainError,
  accountChangeRefusal,
  accountMail,
  accountMessages,
  can,
  messages,
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
import { requireUser } from '../../plugins/auth';
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
    /**
     * A licence the signed-in user administers. Another licence, or an unknown one, answers 404; a licence the
     * user is in without the admin flag 403 (the domain's `can(subject, 'admin')`).
     */
    async requireLicenceAdmin(
      request: FastifyRequest,
      licenceId: string,
    ): Promise<{ me: AuthenticatedUser; licence: LicenceDoc; actor: Actor }> {
      const me = requireUser(request);
      const licence = await licences.findOne({ _id: licenceId });
      if (!licence || (!me.isSystemAdmin && me.licences[licenceId] === undefined))
        throw new DomainError(accountMessages.licenceNotFound, 404);
      if (!can({ isSystemAdmin: me.isSystemAdmin, isLicenceAdmin: me.licences[licenceId] === true }, 'admin')) {
        throw new DomainError(messages.shared.forbidden, 403);
      }
      return { me, licence, actor: { userId: me.userId, licenceId, isSystemAdmin: me.isSystemAdmin } };
    },
    /**
     * A user the signed-in user may administer: any for a system admin; else one sharing a licence the caller
     * administers (404 when no licence is shared, 403 when none of the shared ones is administered). `wholeAccount`
     * (disable, enable) is the domain's `accountChangeRefusal`: every licence of the user administered, no system admin.
     */
    async requireManagedUser(
      request: FastifyRequest,
      userId: string,
      wholeAccount: boolean,
    ): Promise<{ me: AuthenticatedUser; target: UserDoc }> {
      const me = requireUser(request);
      const target = await users.findOne({ _id: userId });
      if (!target) throw new DomainError(accountMessages.userNotFound, 404);
      if (me.isSystemAdmin) return { me, target };
      const shared = target.licences.filter((l) => me.licences[l.id] !== undefined);
      if (shared.length === 0) throw new DomainError(accountMessages.userNotFound, 404);
      const administered = shared.filter((l) => can({ isSystemAdmin: false, isLicenceAdmin: me.licences[l.id] === true }, 'admin'));
      if (administered.length === 0) throw new DomainError(messages.shared.forbidden, 403);
      if (wholeAccount) {
        const account = {
          userId: target._id,
          isSystemAdmin: target.isSystemAdmin,
          licences: Object.fromEntries(target.licences.map((l) => [l.id, l.isAdmin])),
        };
        const refused = accountChangeRefusal(me, account);
        if (refused) throw refused;
      }
      return { me, target };
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
