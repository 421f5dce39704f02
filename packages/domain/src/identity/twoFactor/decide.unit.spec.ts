import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../shared/deciderSpec';
import { messages } from '../../shared/messages';
import { isAccepted, rejectionOf, twoFactorDecider, type CodeCheck, type TwoFactorCommand } from './decide';
import { twoFactorMessages } from './messages';
import type { TwoFactorEvent } from './twoFactor';

const spec = deciderSpec(twoFactorDecider);
const meta = (userId = 'u1', isSystemAdmin = false) => ({
  actor: { userId, licenceId: 'l1', isSystemAdmin },
  now: '2026-01-01T00:00:00.000Z',
});
const match = (timeStep: number): CodeCheck => ({ result: 'match', timeStep });

const generated = (encryptedSecret = 'sealed-1'): TwoFactorEvent => ({
  type: 'TwoFactorSecretGenerated',
  data: { userId: 'u1', encryptedSecret },
});
const used = (timeStep: number, purpose: 'enable' | 'disable' | 'verify' | 'sign-in'): TwoFactorEvent => ({
  type: 'TwoFactorCodeUsed',
  data: { userId: 'u1', timeStep, purpose },
});
const enabledEvents: TwoFactorEvent[] = [generated(), used(100, 'enable'), { type: 'TwoFactorEnabled', data: { userId: 'u1' } }];

const enableWith = (check: CodeCheck, checkedSecret = 'sealed-1', actor = 'u1'): TwoFactorCommand => ({
  type: 'EnableTwoFactor',
  data: { userId: 'u1', checkedSecret, check },
  metadata: meta(actor),
});
const verifyWith = (check: CodeCheck, purpose: 'verify' | 'sign-in' = 'sign-in'): TwoFactorCommand => ({
  type: 'VerifyTwoFactorCode',
  data: { userId: 'u1', checkedSecret: 'sealed-1', check, purpose },
  metadata: meta(),
});
const disableWith = (check: CodeCheck): TwoFactorCommand => ({
  type: 'DisableTwoFactor',
  data: { userId: 'u1', checkedSecret: 'sealed-1', check },
  metadata: meta(),
});

describe('TwoFactor', () => {
  describe('when generating a secret', () => {
    it('keeps the encrypted secret pending', () =>
      spec
        .given([])
        .when({ type: 'GenerateTwoFactorSecret', data: { userId: 'u1', encryptedSecret: 'sealed-1' }, metadata: meta() })
        .then([generated()]));
    it('refuses while two-factor authentication is enabled', () =>
      spec
        .given(enabledEvents)
        .when({ type: 'GenerateTwoFactorSecret', data: { userId: 'u1', encryptedSecret: 'sealed-2' }, metadata: meta() })
        .thenThrows(twoFactorMessages.alreadyEnabled, 409));
    it('refuses for another user', () =>
      spec
        .given([])
        .when({ type: 'GenerateTwoFactorSecret', data: { userId: 'u1', encryptedSecret: 'x' }, metadata: meta('u2', true) })
        .thenThrows(messages.shared.forbidden, 403));
  });

  describe('when enabling', () => {
    it('enables with a code of the pending secret and records its time step', () =>
      spec
        .given([generated()])
        .when(enableWith(match(100)))
        .then([used(100, 'enable'), { type: 'TwoFactorEnabled', data: { userId: 'u1' } }]));
    it('records a wrong code as a failed attempt and stays disabled', () =>
      spec
        .given([generated()])
        .when(enableWith({ result: 'invalid' }))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'enable', reason: 'invalid' } }]));
    it('refuses without a generated secret', () =>
      spec
        .given([])
        .when(enableWith(match(100)))
        .thenThrows(twoFactorMessages.noPendingSecret, 422));
    it('refuses when the code was checked against a secret replaced meanwhile', () =>
      spec
        .given([generated('sealed-1'), generated('sealed-2')])
        .when(enableWith(match(100), 'sealed-1'))
        .thenThrows(twoFactorMessages.secretChanged, 409));
    it('refuses when already enabled', () =>
      spec
        .given(enabledEvents)
        .when(enableWith(match(101)))
        .thenThrows(twoFactorMessages.alreadyEnabled, 409));
    it("refuses another user's enable", () =>
      spec
        .given([generated()])
        .when(enableWith(match(100), 'sealed-1', 'u2'))
        .thenThrows(messages.shared.forbidden, 403));
  });

  describe('when a code is used', () => {
    it('accepts a code of a later time step', () =>
      spec
        .given(enabledEvents)
        .when(verifyWith(match(101)))
        .then([used(101, 'sign-in')]));
    it('refuses to replay the time step used last', () =>
      spec
        .given(enabledEvents)
        .when(verifyWith(match(100)))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'sign-in', reason: 'replayed' } }]));
    it('refuses a code of an earlier time step than the last used one', () =>
      spec
        .given([...enabledEvents, used(105, 'verify')])
        .when(verifyWith(match(104), 'verify'))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'verify', reason: 'replayed' } }]));
    it('records a missing code as a failed attempt', () =>
      spec
        .given(enabledEvents)
        .when(verifyWith({ result: 'missing' }))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'sign-in', reason: 'missing' } }]));
    it('refuses when two-factor authentication is not enabled', () =>
      spec
        .given([generated()])
        .when(verifyWith(match(100)))
        .thenThrows(twoFactorMessages.notEnabled, 422));
  });

  describe('when disabling', () => {
    it('disables with a fresh code', () =>
      spec
        .given(enabledEvents)
        .when(disableWith(match(102)))
        .then([used(102, 'disable'), { type: 'TwoFactorDisabled', data: { userId: 'u1' } }]));
    it('stays enabled after a replayed code', () =>
      spec
        .given(enabledEvents)
        .when(disableWith(match(100)))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'disable', reason: 'replayed' } }]));
    it('refuses when not enabled', () =>
      spec
        .given([])
        .when(disableWith(match(1)))
        .thenThrows(twoFactorMessages.notEnabled, 422));
    it('remembers the last used step after a new secret, so old codes stay spent', () =>
      spec
        .given([...enabledEvents, used(110, 'disable'), { type: 'TwoFactorDisabled', data: { userId: 'u1' } }, generated()])
        .when(enableWith(match(110)))
        .then([{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'enable', reason: 'replayed' } }]));
  });

  describe('when a system admin resets it', () => {
    it('switches two-factor authentication off', () =>
      spec
        .given(enabledEvents)
        .when({ type: 'ResetTwoFactor', data: { userId: 'u1' }, metadata: meta('admin', true) })
        .then([{ type: 'TwoFactorReset', data: { userId: 'u1', resetBy: 'admin' } }]));
    it('changes nothing when it is off', () =>
      spec
        .given([])
        .when({ type: 'ResetTwoFactor', data: { userId: 'u1' }, metadata: meta('admin', true) })
        .then([]));
    it('refuses anyone else', () =>
      spec
        .given(enabledEvents)
        .when({ type: 'ResetTwoFactor', data: { userId: 'u1' }, metadata: meta('u1') })
        .thenThrows(messages.shared.forbidden, 403));
  });

  describe('reading decided events', () => {
    it('tells an accepted code from a failed attempt', () => {
      expect(isAccepted([used(1, 'verify')])).toBe(true);
      expect(rejectionOf([used(1, 'verify')])).toBeNull();
      const rejected: TwoFactorEvent[] = [{ type: 'TwoFactorCodeRejected', data: { userId: 'u1', purpose: 'verify', reason: 'replayed' } }];
      expect(isAccepted(rejected)).toBe(false);
      expect(rejectionOf(rejected)).toBe('replayed');
    });
  });
});
