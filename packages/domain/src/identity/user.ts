import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

export const LANGUAGES = ['en', 'nl', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES);

export const userEventSchemas = {
  UserRegistered: z.object({
    userId: z.string(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    language: languageSchema,
    passwordHash: z.string(),
    isSystemAdmin: z.boolean(),
  }),
  UserAddedToLicence: z.object({ userId: z.string(), licenceId: z.string(), isAdmin: z.boolean() }),
  UserProfileUpdated: z.object({
    userId: z.string(),
    firstname: z.string().optional(),
    lastname: z.string().optional(),
    language: languageSchema.optional(),
  }),
  /** a successful sign-in; newDevice when the browser's device id was never seen for this user */
  UserSignedIn: z.object({
    userId: z.string(),
    sessionId: z.string(),
    deviceId: z.string().nullable(),
    newDevice: z.boolean(),
    userAgent: z.string().nullable(),
  }),
  UserSignInFailed: z.object({ userId: z.string(), reason: z.enum(['bad-credentials']) }),
  UserSignedOut: z.object({ userId: z.string(), sessionId: z.string() }),
  /** the user changed their own password, knowing the current one; tokens issued before stop working */
  UserPasswordChanged: z.object({ userId: z.string(), passwordHash: z.string() }),
  /** a reset link was mailed; only the SHA-256 hash of its token is kept */
  UserPasswordResetRequested: z.object({ userId: z.string(), tokenHash: z.string(), requestedAt: z.string(), expiresAt: z.string() }),
  /** the password was set through a reset link (which is used up); tokens issued before stop working */
  UserPasswordReset: z.object({ userId: z.string(), passwordHash: z.string() }),
  /** an account without a password of its own was invited to set one up; only the token's hash is kept */
  UserInvited: z.object({ userId: z.string(), licenceId: z.string(), tokenHash: z.string(), expiresAt: z.string() }),
  /** the invitee chose a name and password (the invitation is used up) */
  UserInvitationAccepted: z.object({ userId: z.string(), passwordHash: z.string(), firstname: z.string(), lastname: z.string() }),
  UserDisabled: z.object({ userId: z.string() }),
  UserEnabled: z.object({ userId: z.string() }),
  UserLicenceAdminChanged: z.object({ userId: z.string(), licenceId: z.string(), isAdmin: z.boolean() }),
  UserRemovedFromLicence: z.object({ userId: z.string(), licenceId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof userEventSchemas;
export type UserEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type UserEventType = UserEvent['type'];
export const userEventTypes = Object.keys(userEventSchemas) as UserEventType[];
export const userSchemas: EventSchemas<UserEvent> = userEventSchemas;

export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  language: Language;
  passwordHash: string;
  isSystemAdmin: boolean;
  /** licence id -> licence admin flag */
  licences: Record<string, boolean>;
  knownDevices: string[];
  activeSessions: string[];
  failedSignIns: number;
  /** 'invited': the account has no password of its own yet */
  status: 'active' | 'invited';
  disabled: boolean;
  /** the open invitation of an invited account */
  invitation: { tokenHash: string; licenceId: string; expiresAt: string } | null;
  /** the last requested reset link, until used */
  passwordReset: { tokenHash: string; requestedAt: string; expiresAt: string } | null;
}

export const initialUserState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  firstname: '',
  lastname: '',
  language: 'en',
  passwordHash: '',
  isSystemAdmin: false,
  licences: {},
  knownDevices: [],
  activeSessions: [],
  failedSignIns: 0,
  status: 'active',
  disabled: false,
  invitation: null,
  passwordReset: null,
});

const withoutLicence = (licences: Record<string, boolean>, licenceId: string): Record<string, boolean> =>
  Object.fromEntries(Object.entries(licences).filter(([id]) => id !== licenceId));

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, firstname, lastname, language, passwordHash, isSystemAdmin } = event.data;
      return { ...state, exists: true, userId, email, firstname, lastname, language, passwordHash, isSystemAdmin };
    }
    case 'UserAddedToLicence':
      return { ...state, licences: { ...state.licences, [event.data.licenceId]: event.data.isAdmin } };
    case 'UserProfileUpdated': {
      const { firstname, lastname, language } = event.data;
      return {
        ...state,
        firstname: firstname ?? state.firstname,
        lastname: lastname ?? state.lastname,
        language: language ?? state.language,
      };
    }
    case 'UserSignedIn': {
      const { deviceId, sessionId } = event.data;
      return {
        ...state,
        knownDevices: deviceId && !state.knownDevices.includes(deviceId) ? [...state.knownDevices, deviceId] : state.knownDevices,
        activeSessions: [...state.activeSessions, sessionId],
        failedSignIns: 0,
      };
    }
    case 'UserSignInFailed':
      return { ...state, failedSignIns: state.failedSignIns + 1 };
    case 'UserSignedOut':
      return { ...state, activeSessions: state.activeSessions.filter((s) => s !== event.data.sessionId) };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
    case 'UserPasswordResetRequested': {
      const { tokenHash, requestedAt, expiresAt } = event.data;
      return { ...state, passwordReset: { tokenHash, requestedAt, expiresAt } };
    }
    case 'UserPasswordReset':
      // a reset proves the mailbox: it also settles an open invitation
      return { ...state, passwordHash: event.data.passwordHash, passwordReset: null, invitation: null, status: 'active' };
    case 'UserInvited': {
      const { tokenHash, licenceId, expiresAt } = event.data;
      return { ...state, status: 'invited', invitation: { tokenHash, licenceId, expiresAt } };
    }
    case 'UserInvitationAccepted': {
      const { passwordHash, firstname, lastname } = event.data;
      return { ...state, passwordHash, firstname, lastname, status: 'active', invitation: null, passwordReset: null };
    }
    case 'UserDisabled':
      return { ...state, disabled: true };
    case 'UserEnabled':
      return { ...state, disabled: false };
    case 'UserLicenceAdminChanged':
      return { ...state, licences: { ...state.licences, [event.data.licenceId]: event.data.isAdmin } };
    case 'UserRemovedFromLicence':
      return { ...state, licences: withoutLicence(state.licences, event.data.licenceId) };
  }
};

export const fullName = (u: { firstname: string; lastname: string }): string => `${u.firstname} ${u.lastname}`.trim();
