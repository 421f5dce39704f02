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
});

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
  }
};

export const fullName = (u: { firstname: string; lastname: string }): string => `${u.firstname} ${u.lastname}`.trim();
