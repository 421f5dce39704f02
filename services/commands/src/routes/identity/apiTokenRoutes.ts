import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiTokenRoutes } from '@stramien/api';
import {
  DEFAULT_API_TOKEN_SCOPES,
  apiTokenDecider,
  apiTokenHint,
  apiTokenSchemas,
  formatApiToken,
  toApiTokenStreamId,
} from '@stramien/domain';
import { hashApiTokenSecret } from '@stramien/infra';
import type { ApiTokenDoc } from '@stramien/projections/identity/apiTokens';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { actorOf, requireUser } from '../../plugins/auth';

/**
 * API tokens for integrations (spec 2 §7; ARCHITECTURE: client credentials with scopes). The plaintext token is
 * answered once; the log and the read model hold only the SHA-256 hash of its secret. An API token itself cannot
 * reach these routes (plugins/auth.ts refuses them with 403).
 */
/** API tokens live 90 days unless their creator chooses another lifetime (1 to 365 days). */
export const API_TOKEN_DEFAULT_DAYS = 90;

export const registerApiTokenRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const tokens = deps.adapters.documentStore.collection<ApiTokenDoc>('apiTokens');

  const handle = createCommandHandler(app, { decider: apiTokenDecider, schemas: apiTokenSchemas, toStreamId: toApiTokenStreamId });

  addRoute(app, apiTokenRoutes.listApiTokens, async ({ request, reply }) => {
    const { userId } = requireUser(request);
    const docs = await tokens.find({ userId, revokedAt: null });
    reply.header('cache-control', 'no-store');
    return {
      data: docs
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((d) => ({ id: d._id, name: d.name, scopes: d.scopes, created_at: d.createdAt, hint: d.hint, expires_at: d.expiresAt })),
    };
  });

  addRoute(
    app,
    apiTokenRoutes.createApiToken,
    async ({ body, request, reply }) => {
      const { userId } = requireUser(request);
      const tokenId = randomUUID();
      // 256 random bits; only their hash is kept
      const secret = randomBytes(32).toString('base64url');
      const plaintext = formatApiToken(tokenId, secret);
      const now = deps.clock().toISOString();
      const data = {
        tokenId,
        userId,
        name: body.name,
        scopes: body.scopes ?? [...DEFAULT_API_TOKEN_SCOPES],
        secretHash: hashApiTokenSecret(secret),
        hint: apiTokenHint(plaintext),
        expiresAt: new Date(Date.parse(now) + (body.expires_in_days ?? API_TOKEN_DEFAULT_DAYS) * 86_400_000).toISOString(),
      };
      const result = await handle(request, tokenId, { type: 'CreateApiToken', data }, { actor: actorOf(request) });
      reply.header('cache-control', 'no-store');
      const s = result.state;
      return {
        data: {
          id: s.tokenId,
          name: s.name,
          scopes: s.scopes,
          created_at: now,
          hint: apiTokenHint(plaintext),
          expires_at: s.expiresAt,
          token: plaintext,
        },
        position: result.position,
      };
    },
    { status: 201 },
  );

  addRoute(app, apiTokenRoutes.revokeApiToken, async ({ params, request }) => {
    requireUser(request);
    const result = await handle(request, params.id, { type: 'RevokeApiToken', data: { tokenId: params.id } }, { actor: actorOf(request) });
    return { data: { id: params.id, revoked: true as const }, position: result.position };
  });
};
