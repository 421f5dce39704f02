import { messages } from '@stramien/domain';
import { z } from 'zod';
import { apiTokenMessages } from '@stramien/domain';
import { defineRoute } from '../shared/contract';

export const languageSchema = z.enum(['en', 'nl', 'de']);

/** POST /oauth/token — password grant for Stramien's own web client. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(500),
  username: z.string().min(1).max(320),
  password: z.string().min(1).max(1000),
  scope: z.string().max(1000).optional(),
  /** stable id of the browser, kept in its local storage; a sign-in from an unseen one notifies the user */
  device_id: z.string().min(8).max(100).optional(),
  /** the authenticator code, for a user with two-factor authentication */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: messages.validation.sixDigits })
    .optional(),
});

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int().positive(),
});

export const userLicenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  theme: z.object({ primary: z.string().nullable() }),
});
export const userRoleSchema = z.object({ id: z.string(), name: z.string(), project: z.string(), is_projectadmin: z.boolean() });

/** GET /user — the spec's User fields. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: languageSchema,
  photo: z.object({ mimetype: z.string(), file: z.string() }).nullable(),
  is_systemadmin: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** when the password expires (365 days after it was set; docs/accounts.md); null while none is set */
  password_expires_at: z.string().nullable().optional(),
  roles: z.array(userRoleSchema),
  licenses: z.array(userLicenceSchema),
});
export type User = z.infer<typeof userSchema>;

export const identityRoutes = {
  token: defineRoute({
    method: 'POST',
    path: '/oauth/token',
    summary: 'Issue an access token (password grant, Stramien web client only)',
    tag: 'identity',
    auth: false,
    throttled: true,
    /** wrong credentials, an unknown client or a missing or wrong two-factor code */
    alsoAnswers: [401],
    policy: { access: 'public' },
    body: tokenRequestSchema,
    response: tokenResponseSchema,
  }),
  currentUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user',
    tag: 'identity',
    auth: true,
    policy: { access: 'user' },
    response: userSchema,
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/api/user/:id',
    summary: 'Update a user profile (name, language)',
    tag: 'identity',
    auth: true,
    policy: { access: 'self-or-admin' },
    params: z.object({ id: z.string().uuid() }),
    body: z
      .object({
        firstname: z.string().trim().min(1).max(100).optional(),
        lastname: z.string().trim().min(1).max(100).optional(),
        language: languageSchema.optional(),
      })
      .strict(),
    response: z.object({ data: userSchema, position: z.number().int().nonnegative() }),
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out: revokes the current access token',
    tag: 'identity',
    auth: true,
    // signing out ends a session; a token would answer 'Signed out' and keep working: it is revoked instead
    apiTokens: 'never',
    apiTokenRefusal: apiTokenMessages.signOutRefused,
    policy: { access: 'user' },
    body: z.object({}).strict().nullish(),
    response: z.object({ message: z.string() }),
  }),
};
