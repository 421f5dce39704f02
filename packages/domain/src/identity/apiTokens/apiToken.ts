import { z } from 'zod';
import type { EventSchemas } from '../../shared/envelope';

/**
 * What an API token may do: 'read' calls GET routes only; 'write' the others too. The named scopes open routes that
 * need more than the owner's rights alone: 'events:read' the event feed, 'webhooks:manage' the webhook endpoints
 * (issue 10). Tokens created before the named scopes keep exactly what they had: scopes are only ever added.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'events:read', 'webhooks:manage'] as const;
/** the scopes a route may require by name (RouteContract.apiTokens) */
export const NAMED_API_TOKEN_SCOPES = ['events:read', 'webhooks:manage'] as const;
export type NamedApiTokenScope = (typeof NAMED_API_TOKEN_SCOPES)[number];
/** a token created without a scope list gets these (as before the named scopes existed) */
export const DEFAULT_API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/**
 * Events of an API token (`apiToken-<tokenId>`). The secret never appears: only its SHA-256 hash (hex) and
 * the last four characters of the plaintext token, so the user can tell tokens apart.
 */
export const apiTokenEventSchemas = {
  ApiTokenCreated: z.object({
    tokenId: z.string(),
    userId: z.string(),
    name: z.string().min(1),
    scopes: z.array(apiTokenScopeSchema).min(1),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    hint: z.string().length(4),
    /** ISO time after which the token no longer authenticates */
    expiresAt: z.string(),
  }),
  ApiTokenRevoked: z.object({ tokenId: z.string(), userId: z.string(), revokedBy: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof apiTokenEventSchemas;
export type ApiTokenEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type ApiTokenEventType = ApiTokenEvent['type'];
export const apiTokenEventTypes = Object.keys(apiTokenEventSchemas) as ApiTokenEventType[];
export const apiTokenSchemas: EventSchemas<ApiTokenEvent> = apiTokenEventSchemas;

export interface ApiTokenState {
  status: 'none' | 'active' | 'revoked';
  tokenId: string;
  userId: string;
  name: string;
  scopes: ApiTokenScope[];
  expiresAt: string;
}

export const initialApiTokenState = (): ApiTokenState => ({ status: 'none', tokenId: '', userId: '', name: '', scopes: [], expiresAt: '' });

export const evolveApiToken = (state: ApiTokenState, event: ApiTokenEvent): ApiTokenState => {
  switch (event.type) {
    case 'ApiTokenCreated':
      return {
        status: 'active',
        tokenId: event.data.tokenId,
        userId: event.data.userId,
        name: event.data.name,
        scopes: event.data.scopes,
        expiresAt: event.data.expiresAt,
      };
    case 'ApiTokenRevoked':
      return { ...state, status: 'revoked' };
  }
};
