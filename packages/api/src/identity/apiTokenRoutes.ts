import { API_TOKEN_SCOPES, apiTokenScopeSchema, messages } from '@stramien/domain';
import { z } from 'zod';
import { commandResult, defineRoute } from '../shared/contract';

const scopeSchema = apiTokenScopeSchema;

/** An API token as listed: never its secret, only the last four characters of the plaintext token. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(scopeSchema),
  created_at: z.string(),
  hint: z.string(),
  expires_at: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** API tokens for integrations (spec 2 §7): client credentials with scopes, managed by the signed-in user only. */
export const apiTokenRoutes = {
  listApiTokens: defineRoute({
    method: 'GET',
    path: '/api/tokens',
    summary: "The signed-in user's active API tokens (no secrets)",
    tag: 'identity',
    auth: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    response: z.object({ data: z.array(apiTokenSchema) }),
  }),
  createApiToken: defineRoute({
    method: 'POST',
    path: '/api/token',
    summary: 'Create an API token; the plaintext token is answered once and never again',
    tag: 'identity',
    auth: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: z
      .object({
        name: z.string().trim().min(1, { message: messages.validation.nameRequired }).max(100),
        scopes: z.array(scopeSchema).min(1).max(API_TOKEN_SCOPES.length).optional(),
        /** lifetime in days, 1 to 365; 90 when not given */
        expires_in_days: z.number().int().min(1).max(365).optional(),
      })
      .strict(),
    response: commandResult(apiTokenSchema.extend({ token: z.string() })),
  }),
  revokeApiToken: defineRoute({
    method: 'DELETE',
    path: '/api/token/:id',
    summary: 'Revoke one of your API tokens; it stops working at once',
    tag: 'identity',
    auth: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    params: z.object({ id: z.string().uuid() }),
    response: commandResult(z.object({ id: z.string(), revoked: z.literal(true) })),
  }),
};
