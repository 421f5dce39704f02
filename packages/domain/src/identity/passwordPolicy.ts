import { accountMessages } from './messages';

/**
 * The password policy of spec 1 §5, one pure validator for the API contract and the web forms.
 * Expiry (spec §5 "expires in N days", otherwise not shown) is ours: see docs/accounts.md.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** an upper bound keeps the hash cost bounded; long passphrases still fit */
export const PASSWORD_MAX_LENGTH = 200;
/** a password expires this many days after it was set */
export const PASSWORD_MAX_AGE_DAYS = 365;
/** the settings page warns in the last days before expiry */
export const PASSWORD_EXPIRY_WARNING_DAYS = 14;

const DAY_MS = 86_400_000;

export interface PasswordRules {
  minLength: boolean;
  capital: boolean;
  number: boolean;
  special: boolean;
  noWhiteSpace: boolean;
}

/** Each rule of the policy, so a form can tick them off while the user types. */
export const passwordRules = (password: string): PasswordRules => ({
  minLength: [...password].length >= PASSWORD_MIN_LENGTH,
  capital: /\p{Lu}/u.test(password),
  number: /\p{Nd}/u.test(password),
  special: /[^\p{L}\p{N}\s]/u.test(password),
  noWhiteSpace: !/\s/u.test(password),
});

export const meetsPasswordPolicy = (password: string): boolean =>
  password.length <= PASSWORD_MAX_LENGTH && Object.values(passwordRules(password)).every(Boolean);

export interface NewPasswordInput {
  password: string;
  /** the repeated password; checked when given */
  confirmation?: string | undefined;
  /** the current password; the new one must differ from it when given */
  current?: string | undefined;
}

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

/**
 * The messages for a new password: the policy text, 'Password must match' for a differing repetition,
 * and the must-differ text when it equals the current one. Empty when everything is fine.
 */
export const validateNewPassword = ({ password, confirmation, current }: NewPasswordInput): NewPasswordErrors => {
  const errors: NewPasswordErrors = {};
  if (!meetsPasswordPolicy(password)) errors.password = accountMessages.passwordPolicy;
  else if (current !== undefined && current !== '' && password === current) errors.password = accountMessages.passwordMustDiffer;
  if (confirmation !== undefined && confirmation !== password) errors.confirmation = accountMessages.passwordMustMatch;
  return errors;
};

/** When a password set at `setAt` expires (ISO). */
export const passwordExpiresAt = (setAt: string): string => new Date(Date.parse(setAt) + PASSWORD_MAX_AGE_DAYS * DAY_MS).toISOString();

export const isPasswordExpired = (expiresAt: string, now: string | number): boolean =>
  Date.parse(expiresAt) <= (typeof now === 'number' ? now : Date.parse(now));

/**
 * Whole days until expiry when inside the warning window (0 = expires within a day), null otherwise
 * (far away, already expired, or unknown).
 */
export const passwordExpiryWarningDays = (expiresAt: string | null | undefined, now: string | number): number | null => {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - (typeof now === 'number' ? now : Date.parse(now));
  if (!Number.isFinite(left) || left <= 0) return null;
  const days = Math.floor(left / DAY_MS);
  return days < PASSWORD_EXPIRY_WARNING_DAYS ? days : null;
};
