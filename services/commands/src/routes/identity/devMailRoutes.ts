import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@stramien/api';
import { DomainError, messages } from '@stramien/domain';
import { addRoute } from '../../plugins/route';
import type { AppDeps } from '../../deps';

/** GET /api/dev/mail: what the embedded mail adapter kept, for system admins (the /dev/mail page, the browser tests). */
export const registerDevMailRoutes = (app: FastifyInstance, deps: AppDeps): void => {
  addRoute(app, accountRoutes.devMail, async ({ query }) => {
    const outbox = deps.mail.outbox;
    if (!outbox) throw new DomainError(messages.shared.notFound, 404);
    const to = query?.to?.toLowerCase();
    const limit = query?.limit ?? 100;
    const all = await outbox.list({ limit: to ? 500 : limit });
    return { data: (to ? all.filter((m) => m.to.toLowerCase() === to) : all).slice(0, limit) };
  });
};
