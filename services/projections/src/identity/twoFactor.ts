import type { Doc } from '@stramien/infra';
import type { TwoFactorEvent } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** Two-factor status per user (never the secret): GET /user's two_factor_enabled and the admin lists. */
export interface TwoFactorDoc extends Doc {
  _id: string;
  enabled: boolean;
  enabledAt: string | null;
  /** last accepted code, for the audit screens */
  lastUsedAt: string | null;
  failedAttempts: number;
}

export const TWO_FACTOR_COLLECTION = 'twoFactor';

const handled: TwoFactorEvent['type'][] = [
  'TwoFactorSecretGenerated',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'TwoFactorReset',
  'TwoFactorCodeUsed',
  'TwoFactorCodeRejected',
];

export const twoFactorProjection: Projection<TwoFactorDoc> = {
  name: 'twoFactor',
  collection: TWO_FACTOR_COLLECTION,
  eventTypes: handled,
  documentIds: (event) => [(event.data as { userId: string }).userId],
  evolve(doc, event, id) {
    const current: TwoFactorDoc = doc ?? { _id: id, enabled: false, enabledAt: null, lastUsedAt: null, failedAttempts: 0 };
    switch (event.type as TwoFactorEvent['type']) {
      case 'TwoFactorEnabled':
        return { ...current, enabled: true, enabledAt: event.metadata.occurredAt, failedAttempts: 0 };
      case 'TwoFactorDisabled':
      case 'TwoFactorReset':
        return { ...current, enabled: false, enabledAt: null };
      case 'TwoFactorCodeUsed':
        return { ...current, lastUsedAt: event.metadata.occurredAt, failedAttempts: 0 };
      case 'TwoFactorCodeRejected':
        return { ...current, failedAttempts: current.failedAttempts + 1 };
      default:
        return current;
    }
  },
};
