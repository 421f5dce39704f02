import { messages } from '@stramien/domain';
import { z } from 'zod';
import { commandResult, defineRoute, type RouteContract } from '../shared/contract';

/** A 6-digit code from the user's authenticator app. */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: messages.validation.sixDigits });
const codeBody = z.object({ code: twoFactorCodeSchema }).strict();

export const twoFactorSecretSchema = z.object({
  /** otpauth:// URL with the secret, for authenticator apps (the QR code encodes it) */
  otpauth_url: z.string(),
  /** the QR code of otpauth_url as a PNG data URL */
  qr_code: z.string(),
  /** the base32 secret, for typing it into an app that cannot scan */
  secret: z.string(),
});
export const twoFactorStatusSchema = z.object({ two_factor_enabled: z.boolean() });

/** Two-factor authentication (spec §7). */
export const securityRoutes = {
  generateTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/2fa/generate',
    summary: 'Generate a new two-factor secret (pending until enabled with a code): otpauth URL and QR code',
    tag: 'identity',
    auth: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: z.object({}).strict().optional(),
    response: twoFactorSecretSchema,
  }),
  enableTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/2fa/enable',
    summary: 'Enable two-factor authentication with a code of the generated secret',
    tag: 'identity',
    auth: true,
    throttled: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: codeBody,
    response: commandResult(twoFactorStatusSchema),
  }),
  disableTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/2fa/disable',
    summary: 'Disable two-factor authentication with a current code',
    tag: 'identity',
    auth: true,
    throttled: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: codeBody,
    response: commandResult(twoFactorStatusSchema),
  }),
  verifyTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/2fa/verify',
    summary: 'Verify a two-factor code of the signed-in user (a used code cannot be replayed)',
    tag: 'identity',
    auth: true,
    throttled: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: codeBody,
    response: commandResult(z.object({ verified: z.literal(true) })),
  }),
  resetTwoFactor: defineRoute({
    method: 'DELETE',
    path: '/api/user/:id/2fa',
    summary: "Switch off a user's two-factor authentication (system admin; the user lost their authenticator)",
    tag: 'identity',
    auth: true,
    policy: { access: 'system-admin' },
    params: z.object({ id: z.string().uuid() }),
    response: commandResult(twoFactorStatusSchema),
  }),
} satisfies Record<string, RouteContract>;
