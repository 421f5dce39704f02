import { DomainError } from '../../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../../shared/decider';
import { messages } from '../../shared/messages';
import { twoFactorMessages } from './messages';
import { evolveTwoFactor, initialTwoFactorState, type TwoFactorEvent, type TwoFactorPurpose, type TwoFactorState } from './twoFactor';

/**
 * The outcome of checking a code against `checkedSecret`. The handler establishes it (decrypting the secret and
 * reading the clock are not the domain's business), the way sign-in passes `credentialsValid`.
 */
export type CodeCheck = { result: 'missing' } | { result: 'invalid' } | { result: 'match'; timeStep: number };

interface CodeInput {
  userId: string;
  /** the encrypted secret the code was checked against; a different one in the state means it changed meanwhile */
  checkedSecret: string;
  check: CodeCheck;
}

export type GenerateTwoFactorSecret = Command<'GenerateTwoFactorSecret', { userId: string; encryptedSecret: string }>;
export type EnableTwoFactor = Command<'EnableTwoFactor', CodeInput>;
export type DisableTwoFactor = Command<'DisableTwoFactor', CodeInput>;
export type VerifyTwoFactorCode = Command<'VerifyTwoFactorCode', CodeInput & { purpose: 'verify' | 'sign-in' }>;
export type ResetTwoFactor = Command<'ResetTwoFactor', { userId: string }>;
export type TwoFactorCommand = GenerateTwoFactorSecret | EnableTwoFactor | DisableTwoFactor | VerifyTwoFactorCode | ResetTwoFactor;

/** Only the user themselves manages and uses their second factor. */
const mustBeSelf = (command: TwoFactorCommand): DomainError | null =>
  command.metadata.actor.userId === command.data.userId ? null : new DomainError(messages.shared.forbidden, 403);

/** A matching code of a step after the last used one is accepted; anything else is recorded as a failed attempt. */
const useCode = (state: TwoFactorState, userId: string, purpose: TwoFactorPurpose, check: CodeCheck): TwoFactorEvent[] => {
  if (check.result !== 'match') return [{ type: 'TwoFactorCodeRejected', data: { userId, purpose, reason: check.result } }];
  if (check.timeStep <= state.lastUsedStep) return [{ type: 'TwoFactorCodeRejected', data: { userId, purpose, reason: 'replayed' } }];
  return [{ type: 'TwoFactorCodeUsed', data: { userId, timeStep: check.timeStep, purpose } }];
};

export const generateSecret = (command: GenerateTwoFactorSecret, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  const refused = mustBeSelf(command);
  if (refused) return refused;
  if (state.enabled) return new DomainError(twoFactorMessages.alreadyEnabled, 409);
  return [{ type: 'TwoFactorSecretGenerated', data: { userId: command.data.userId, encryptedSecret: command.data.encryptedSecret } }];
};

export const enable = (command: EnableTwoFactor, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  const refused = mustBeSelf(command);
  if (refused) return refused;
  if (state.enabled) return new DomainError(twoFactorMessages.alreadyEnabled, 409);
  if (!state.pendingSecret) return new DomainError(twoFactorMessages.noPendingSecret, 422);
  if (command.data.checkedSecret !== state.pendingSecret) return new DomainError(twoFactorMessages.secretChanged, 409);
  const events = useCode(state, command.data.userId, 'enable', command.data.check);
  return isAccepted(events) ? [...events, { type: 'TwoFactorEnabled', data: { userId: command.data.userId } }] : events;
};

export const disable = (command: DisableTwoFactor, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  const refused = mustBeSelf(command);
  if (refused) return refused;
  if (!state.enabled) return new DomainError(twoFactorMessages.notEnabled, 422);
  if (command.data.checkedSecret !== state.secret) return new DomainError(twoFactorMessages.secretChanged, 409);
  const events = useCode(state, command.data.userId, 'disable', command.data.check);
  return isAccepted(events) ? [...events, { type: 'TwoFactorDisabled', data: { userId: command.data.userId } }] : events;
};

export const verify = (command: VerifyTwoFactorCode, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  const refused = mustBeSelf(command);
  if (refused) return refused;
  if (!state.enabled) return new DomainError(twoFactorMessages.notEnabled, 422);
  if (command.data.checkedSecret !== state.secret) return new DomainError(twoFactorMessages.secretChanged, 409);
  return useCode(state, command.data.userId, command.data.purpose, command.data.check);
};

export const reset = (command: ResetTwoFactor, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  if (!command.metadata.actor.isSystemAdmin) return new DomainError(messages.shared.forbidden, 403);
  if (!state.enabled && !state.pendingSecret) return [];
  return [{ type: 'TwoFactorReset', data: { userId: command.data.userId, resetBy: command.metadata.actor.userId } }];
};

export const decideTwoFactor = (command: TwoFactorCommand, state: TwoFactorState): TwoFactorEvent[] | DomainError => {
  switch (command.type) {
    case 'GenerateTwoFactorSecret':
      return generateSecret(command, state);
    case 'EnableTwoFactor':
      return enable(command, state);
    case 'DisableTwoFactor':
      return disable(command, state);
    case 'VerifyTwoFactorCode':
      return verify(command, state);
    case 'ResetTwoFactor':
      return reset(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const twoFactorDecider: Decider<TwoFactorCommand, TwoFactorEvent, TwoFactorState> = {
  initialState: initialTwoFactorState,
  evolve: evolveTwoFactor,
  decide: decideTwoFactor,
};

/** True when the decided events accept a code (no failed attempt among them). */
export const isAccepted = (events: readonly TwoFactorEvent[]): boolean => events.some((e) => e.type === 'TwoFactorCodeUsed');

/** The failed attempt among decided events, if any. */
export const rejectionOf = (events: readonly TwoFactorEvent[]): 'missing' | 'invalid' | 'replayed' | null => {
  const rejected = events.find((e) => e.type === 'TwoFactorCodeRejected');
  return rejected?.type === 'TwoFactorCodeRejected' ? rejected.data.reason : null;
};
