import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, accountMessages, meetsPasswordPolicy, messages } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';
import { languageSchema } from './routes';

/**
 * Accounts (spec 1 §5, §7, §8): password change, forgotten password and reset, invitations, and the users
 * administration of a licence. The password policy is the domain's one validator (`meetsPasswordPolicy`).
 */
const required = accountMessages.required;
export const accountEmailSchema = z.string().trim().min(1, required).max(320).email().toLowerCase();
export const newPasswordSchema = z
  .string()
  .min(1, required)
  .max(PASSWORD_MAX_LENGTH)
  .refine(meetsPasswordPolicy, accountMessages.passwordPolicy);
/** a reset or invitation token: 32 random bytes, base64url */
export const accountTokenSchema = z
  .string()
  .min(32)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
const nameSchema = z.string().trim().min(1, required).max(100);

/** password + password_confirmation, 'Password must match' on the confirmation */
const withConfirmation = <S extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: S) =>
  schema.refine((b) => b.password === b.password_confirmation, {
    message: accountMessages.passwordMustMatch,
    path: ['password_confirmation'],
  });

export const messageSchema = z.object({ message: z.string() });

/** A user as the users administration shows it; `is_admin` is the flag on the licence the list is of. */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: languageSchema,
  is_systemadmin: z.boolean(),
  /** licence admin flag on the listed licence; null in a list across licences */
  is_admin: z.boolean().nullable(),
  disabled: z.boolean(),
  /** 'invited': has not accepted the invitation (set a password) yet */
  status: z.enum(['active', 'invited']),
  /** the licences of this user the caller administers (all of them for a system admin) */
  licenses: z.array(z.object({ id: z.string(), is_admin: z.boolean() })),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userAccessSchema = z.object({
  id: z.string(),
  is_systemadmin: z.boolean(),
  disabled: z.boolean(),
  /** the user's licences with the admin flag; to a licence admin only the licences they administer */
  licenses: z.array(z.object({ id: z.string(), name: z.string(), is_admin: z.boolean() })),
});

export const devMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

const userIdParams = z.object({ id: uuid });
const licenceUserParams = z.object({ id: uuid, userId: uuid });

export const accountRoutes = {
  updatePassword: defineRoute({
    method: 'POST',
    path: '/api/user/password/update',
    summary:
      "Change the signed-in user's password (current password required). Tokens issued before stop working; the answer carries a fresh token for this session.",
    tag: 'identity',
    auth: true,
    throttled: true,
    apiTokens: 'never',
    policy: { access: 'user' },
    body: z
      .object({
        email: accountEmailSchema,
        currentpassword: z.string().min(1, required).max(1000),
        newpassword: newPasswordSchema,
        /** the repeated new password, checked when sent */
        newpassword_confirmation: z.string().max(1000).optional(),
      })
      .strict()
      .refine((b) => b.newpassword !== b.currentpassword, { message: accountMessages.passwordMustDiffer, path: ['newpassword'] })
      .refine((b) => b.newpassword_confirmation === undefined || b.newpassword_confirmation === b.newpassword, {
        message: accountMessages.passwordMustMatch,
        path: ['newpassword_confirmation'],
      }),
    response: z.object({
      message: z.string(),
      token_type: z.literal('Bearer'),
      access_token: z.string(),
      expires_in: z.number().int().positive(),
      position: z.number().int().nonnegative(),
    }),
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/user/password/forgot',
    summary: 'Mail a password reset link; answers the same whether or not the address has an account',
    tag: 'identity',
    auth: false,
    throttled: true,
    policy: { access: 'public' },
    body: z.object({ email: accountEmailSchema }).strict(),
    response: messageSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/user/password/reset',
    summary: 'Set a new password with a reset link (single use, 30 minutes). Does not sign in; ends every session.',
    tag: 'identity',
    auth: false,
    throttled: true,
    policy: { access: 'public' },
    body: withConfirmation(
      z
        .object({
          email: accountEmailSchema,
          token: accountTokenSchema,
          password: newPasswordSchema,
          password_confirmation: z.string().max(1000),
        })
        .strict(),
    ),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/user/invite',
    summary:
      'Invite someone into a licence (licence admin). A new address gets an invitation link; an existing account is added and told by mail. The answer is the same for both.',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    body: z
      .object({
        email: accountEmailSchema,
        firstname: z.string().trim().max(100).optional(),
        lastname: z.string().trim().max(100).optional(),
        license: uuid,
        is_admin: z.boolean().optional(),
        /** language of the invitation mail and the new account */
        language: languageSchema.optional(),
      })
      .strict(),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  invitationDetails: defineRoute({
    method: 'POST',
    path: '/api/user/invite/details',
    summary: 'What an open invitation is for (address, names given, licence), to prefill the accept screen',
    tag: 'identity',
    auth: false,
    throttled: true,
    policy: { access: 'public' },
    body: z.object({ token: accountTokenSchema }).strict(),
    response: z.object({ email: z.string(), firstname: z.string(), lastname: z.string(), license_name: z.string() }),
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/user/invite/accept',
    summary: 'Accept an invitation: choose name and password (single use, 7 days). Does not sign in.',
    tag: 'identity',
    auth: false,
    throttled: true,
    policy: { access: 'public' },
    body: withConfirmation(
      z
        .object({
          token: accountTokenSchema,
          password: newPasswordSchema,
          password_confirmation: z.string().max(1000),
          firstname: nameSchema,
          lastname: nameSchema,
        })
        .strict(),
    ),
    response: z.object({ message: z.string(), email: z.string(), position: z.number().int().nonnegative() }),
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/users',
    summary:
      'Users administration: the users of a licence (default: the selected licence); a system admin without a licence gets every user',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    query: z
      .object({
        license: uuid.optional(),
        /** part of the name or e-mail address */
        search: z.string().trim().max(100).optional(),
      })
      .strict(),
    response: z.object({ data: z.array(adminUserSchema) }),
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/user',
    summary:
      'Create a user in a licence (licence admin). The account gets an unknowable password and an invitation mail to choose one; an address in use answers 409.',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    body: z
      .object({
        email: accountEmailSchema,
        firstname: nameSchema,
        lastname: nameSchema,
        language: languageSchema.optional(),
        license: uuid,
        is_admin: z.boolean().optional(),
      })
      .strict(),
    response: commandResult(adminUserSchema),
  }),
  licenceUsers: defineRoute({
    method: 'GET',
    path: '/api/license/:id/users',
    summary: 'The users of a licence (licence admin of it, or system admin)',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: z.object({ id: uuid }),
    query: z
      .object({ search: z.string().trim().max(100).optional() })
      .strict()
      .optional(),
    response: z.object({ data: z.array(adminUserSchema) }),
  }),
  addLicenceUser: defineRoute({
    method: 'POST',
    path: '/api/license/:id/user',
    summary:
      'Add someone to a licence by e-mail address (or a visible user by id) (licence admin). An address without an account is invited; the answer is the same either way and shows nothing of the account.',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: z.object({ id: uuid }),
    body: z
      .object({ email: accountEmailSchema.optional(), user_id: uuid.optional(), is_admin: z.boolean().optional() })
      .strict()
      .refine((b) => (b.email === undefined) !== (b.user_id === undefined), {
        message: messages.validation.emailOrUserId,
        path: ['email'],
      }),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  setLicenceAdmin: defineRoute({
    method: 'PUT',
    path: '/api/license/:id/user/:userId',
    summary: "Set a member's licence admin flag (licence admin)",
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: licenceUserParams,
    body: z.object({ is_admin: z.boolean() }).strict(),
    response: commandResult(adminUserSchema),
  }),
  removeLicenceUser: defineRoute({
    method: 'DELETE',
    path: '/api/license/:id/user/:userId',
    summary: 'Remove a user from a licence (licence admin); the account itself stays',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: licenceUserParams,
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  userAccess: defineRoute({
    method: 'GET',
    path: '/api/user/:id/access',
    summary: "A user's licences and admin flags (the user themselves, or a user admin of a shared licence)",
    tag: 'identity',
    auth: true,
    policy: { access: 'self-or-admin' },
    params: userIdParams,
    response: userAccessSchema,
  }),
  disableUser: defineRoute({
    method: 'POST',
    path: '/api/user/:id/disable',
    summary: 'Disable an account: its tokens stop working and it cannot sign in (licence admin of all its licences, or system admin)',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: userIdParams,
    body: z.object({ license: uuid.optional() }).strict().nullish(),
    response: commandResult(adminUserSchema),
  }),
  enableUser: defineRoute({
    method: 'POST',
    path: '/api/user/:id/enable',
    summary: 'Enable a disabled account (licence admin of all its licences, or system admin)',
    tag: 'identity',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: userIdParams,
    body: z.object({ license: uuid.optional() }).strict().nullish(),
    response: commandResult(adminUserSchema),
  }),
  devMail: defineRoute({
    method: 'GET',
    path: '/api/dev/mail',
    summary: 'The e-mails the embedded mail adapter kept, newest first (system admin; 404 with SMTP)',
    tag: 'identity',
    auth: true,
    policy: { access: 'system-admin' },
    query: z
      .object({ to: z.string().trim().max(320).optional(), limit: z.coerce.number().int().min(1).max(500).optional() })
      .strict()
      .optional(),
    response: z.object({ data: z.array(devMailSchema) }),
  }),
} satisfies Record<string, RouteContract>;
