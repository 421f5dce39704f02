/** User-facing texts of two-factor authentication. The sign-in texts are the ones the token endpoint answers with. */
export const twoFactorMessages = {
  codeRequired: 'Two-factor authentication code required',
  invalidCode: 'Invalid two-factor authentication code',
  /** a replayed code on the signed-in routes (the token endpoint says invalidCode, revealing nothing) */
  codeUsed: 'This code has been used already. Wait for the next code.',
  /** a 403 with this text routes the web app to Settings with status 2fa-required (spec §2) */
  required: 'Two-factor authentication is required. Enable it in your settings.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notEnabled: 'Two-factor authentication is not enabled.',
  noPendingSecret: 'Generate a two-factor secret first.',
  secretChanged: 'The two-factor secret changed meanwhile. Please try again.',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  verified: 'Two-factor authentication code verified',
  reset: 'Two-factor authentication reset',
} as const;

/** Machine-readable codes on the error envelope of the token endpoint. */
export const TWO_FACTOR_REQUIRED_CODE = 'two-factor-required';
export const TWO_FACTOR_INVALID_CODE = 'two-factor-invalid';
/** a code of a time step already used, on the signed-in routes */
export const TWO_FACTOR_CODE_USED = 'two-factor-code-used';

/** An authenticator code as typed: six digits, with one space allowed ('123 456'). */
export const TWO_FACTOR_CODE_INPUT_MAX = 7;
