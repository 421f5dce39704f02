/** User-facing texts of API tokens. */
export const apiTokenMessages = {
  notFound: 'API token not found',
  alreadyExists: 'An API token with this id exists already.',
  /** a token with only the 'read' scope called a route that changes something */
  readOnly: 'This token may only read.',
  /** the route needs a named scope ('events:read', 'webhooks:manage') the token was not given */
  scopeMissing: 'This token needs the {scope} scope.',
  /** an API token called a route that manages credentials (API tokens, password, two-factor authentication) */
  credentialsRefused: 'API tokens cannot manage API tokens, passwords or two-factor authentication.',
  /** POST /api/logout with an API token: signing out ends a session, a token ends by being revoked */
  signOutRefused: 'An API token cannot sign out; revoke the token instead.',
  created: 'API token created',
  revoked: 'API token revoked',
} as const;

/** Length limit of an API token's name. */
export const API_TOKEN_NAME_MAX = 100;
