/** User-facing texts of API tokens. */
export const apiTokenMessages = {
  notFound: 'API token not found',
  alreadyExists: 'An API token with this id exists already.',
  /** a token with only the 'read' scope called a route that changes something */
  readOnly: 'This token may only read.',
  /** an API token called a route that manages credentials (API tokens, password, two-factor authentication) */
  credentialsRefused: 'API tokens cannot manage API tokens, passwords or two-factor authentication.',
  created: 'API token created',
  revoked: 'API token revoked',
} as const;

/** Length limit of an API token's name. */
export const API_TOKEN_NAME_MAX = 100;
