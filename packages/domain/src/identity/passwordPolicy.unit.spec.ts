import { describe, expect, it } from 'vitest';
import { accountMessages } from './messages';
import {
  PASSWORD_MAX_LENGTH,
  isPasswordExpired,
  meetsPasswordPolicy,
  passwordExpiresAt,
  passwordExpiryWarningDays,
  passwordRules,
  validateNewPassword,
} from './passwordPolicy';

describe('password policy', () => {
  it('accepts 8 characters with a capital, a number and a special character', () => {
    expect(meetsPasswordPolicy('Abcdef1!')).toBe(true);
    expect(meetsPasswordPolicy('Ünïcødé9€')).toBe(true);
  });

  it.each([
    ['shorter than 8 characters', 'Abcde1!'],
    ['without a capital letter', 'abcdef1!'],
    ['without a number', 'Abcdefg!'],
    ['without a special character', 'Abcdefg1'],
    ['with a space', 'Abcd ef1!'],
    ['with a tab', 'Abcd\tef1!'],
    ['longer than the upper bound', 'A1!' + 'a'.repeat(PASSWORD_MAX_LENGTH)],
  ])('refuses a password %s', (_, password) => {
    expect(meetsPasswordPolicy(password)).toBe(false);
    expect(validateNewPassword({ password }).password).toBe(accountMessages.passwordPolicy);
  });

  it('reports each rule so a form can tick them off', () => {
    expect(passwordRules('abc')).toEqual({ minLength: false, capital: false, number: false, special: false, noWhiteSpace: true });
    expect(passwordRules('Abc 1!xyz')).toEqual({ minLength: true, capital: true, number: true, special: true, noWhiteSpace: false });
  });

  describe('for a new password', () => {
    it("answers 'Password must match' when the repetition differs", () => {
      expect(validateNewPassword({ password: 'Abcdef1!', confirmation: 'Abcdef1?' })).toEqual({
        confirmation: accountMessages.passwordMustMatch,
      });
    });
    it('refuses the current password', () => {
      expect(validateNewPassword({ password: 'Abcdef1!', confirmation: 'Abcdef1!', current: 'Abcdef1!' })).toEqual({
        password: accountMessages.passwordMustDiffer,
      });
    });
    it('answers nothing when all is well', () => {
      expect(validateNewPassword({ password: 'Abcdef1!', confirmation: 'Abcdef1!', current: 'Old#pass1' })).toEqual({});
    });
  });

  describe('expiry', () => {
    const setAt = '2025-01-01T00:00:00.000Z';
    const expiresAt = passwordExpiresAt(setAt);

    it('expires a password 365 days after it was set', () => {
      expect(expiresAt).toBe('2026-01-01T00:00:00.000Z');
      expect(isPasswordExpired(expiresAt, '2025-12-31T23:59:59.000Z')).toBe(false);
      expect(isPasswordExpired(expiresAt, '2026-01-01T00:00:00.000Z')).toBe(true);
    });

    it('warns in the last 14 days with the whole days left', () => {
      expect(passwordExpiryWarningDays(expiresAt, '2025-12-17T23:00:00.000Z')).toBeNull();
      expect(passwordExpiryWarningDays(expiresAt, '2025-12-18T00:00:01.000Z')).toBe(13);
      expect(passwordExpiryWarningDays(expiresAt, '2025-12-29T00:00:00.000Z')).toBe(3);
      expect(passwordExpiryWarningDays(expiresAt, '2025-12-31T12:00:00.000Z')).toBe(0);
    });

    it('does not warn once expired or when the expiry is unknown', () => {
      expect(passwordExpiryWarningDays(expiresAt, '2026-01-02T00:00:00.000Z')).toBeNull();
      expect(passwordExpiryWarningDays(null, '2026-01-02T00:00:00.000Z')).toBeNull();
    });
  });
});
