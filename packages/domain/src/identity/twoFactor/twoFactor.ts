import { z } from 'zod';
import type { EventSchemas } from '../../shared/envelope';

/** What a code was used for. */
export const TWO_FACTOR_PURPOSES = ['enable', 'disable', 'verify', 'sign-in'] as const;
export type TwoFactorPurpose = (typeof TWO_FACTOR_PURPOSES)[number];
const purposeSchema = z.enum(TWO_FACTOR_PURPOSES);

/**
 * Events of the two-factor aggregate (`twoFactor-<userId>`). The TOTP secret only ever appears encrypted
 * (AES-256-GCM, see packages/infra/src/auth/secretBox.ts): the log never holds it in plain text.
 */
export const twoFactorEventSchemas = {
  /** a new secret, pending until a code of it enables two-factor authentication */
  TwoFactorSecretGenerated: z.object({ userId: z.string(), encryptedSecret: z.string().min(1) }),
  TwoFactorEnabled: z.object({ userId: z.string() }),
  TwoFactorDisabled: z.object({ userId: z.string() }),
  /** a system admin switched it off for a user who lost their authenticator */
  TwoFactorReset: z.object({ userId: z.string(), resetBy: z.string() }),
  /** a code was accepted; its TOTP time step can never be used again */
  TwoFactorCodeUsed: z.object({ userId: z.string(), timeStep: z.number().int().nonnegative(), purpose: purposeSchema }),
  /** a failed attempt: no code where one is needed, a wrong code, or a code of a step already used */
  TwoFactorCodeRejected: z.object({ userId: z.string(), purpose: purposeSchema, reason: z.enum(['missing', 'invalid', 'replayed']) }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof twoFactorEventSchemas;
export type TwoFactorEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type TwoFactorEventType = TwoFactorEvent['type'];
export const twoFactorEventTypes = Object.keys(twoFactorEventSchemas) as TwoFactorEventType[];
export const twoFactorSchemas: EventSchemas<TwoFactorEvent> = twoFactorEventSchemas;

export interface TwoFactorState {
  userId: string;
  enabled: boolean;
  /** encrypted secret in use while enabled */
  secret: string | null;
  /** encrypted secret generated but not yet confirmed by a code */
  pendingSecret: string | null;
  /** highest TOTP time step accepted so far; a code of this step or an earlier one is a replay */
  lastUsedStep: number;
}

export const initialTwoFactorState = (): TwoFactorState => ({
  userId: '',
  enabled: false,
  secret: null,
  pendingSecret: null,
  lastUsedStep: -1,
});

export const evolveTwoFactor = (state: TwoFactorState, event: TwoFactorEvent): TwoFactorState => {
  switch (event.type) {
    case 'TwoFactorSecretGenerated':
      return { ...state, userId: event.data.userId, pendingSecret: event.data.encryptedSecret };
    case 'TwoFactorEnabled':
      return { ...state, userId: event.data.userId, enabled: true, secret: state.pendingSecret, pendingSecret: null };
    case 'TwoFactorDisabled':
    case 'TwoFactorReset':
      return { ...state, userId: event.data.userId, enabled: false, secret: null, pendingSecret: null };
    case 'TwoFactorCodeUsed':
      return { ...state, userId: event.data.userId, lastUsedStep: Math.max(state.lastUsedStep, event.data.timeStep) };
    case 'TwoFactorCodeRejected':
      return state;
  }
};
