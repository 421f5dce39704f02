import { accountMessages, validateNewPassword } from '@stramien/domain';
import type { TFunction } from 'i18next';

/** The domain's message texts as this app's translation keys, so server and form messages read alike. */
const KEY_OF: Record<string, string> = {
  [accountMessages.passwordPolicy]: 'account.validation.password-policy',
  [accountMessages.passwordMustMatch]: 'account.validation.password-must-match',
  [accountMessages.passwordMustDiffer]: 'account.validation.password-must-differ',
  [accountMessages.required]: 'account.validation.required',
  [accountMessages.currentPasswordWrong]: 'account.validation.current-password-wrong',
  [accountMessages.resetTokenInvalid]: 'account.reset.invalid-token',
  [accountMessages.invitationInvalid]: 'account.invite.invalid',
};

/** A message from the domain or the server, translated when it is one of ours. */
export const translateMessage = (t: TFunction<'account'>, message: string): string => {
  const key = KEY_OF[message];
  return key ? t(key as 'account.validation.required') : message;
};

export interface NewPasswordFields {
  password: string;
  confirmation: string;
  current?: string;
}

/** Field messages of a new password (required, policy, must differ, must match), translated. */
export const newPasswordErrors = (t: TFunction<'account'>, fields: NewPasswordFields): { password?: string; confirmation?: string } => {
  const errors: { password?: string; confirmation?: string } = {};
  if (fields.password === '') errors.password = t('account.validation.required');
  if (fields.confirmation === '') errors.confirmation = t('account.validation.required');
  const checked = validateNewPassword({ password: fields.password, confirmation: fields.confirmation, current: fields.current });
  if (!errors.password && checked.password) errors.password = translateMessage(t, checked.password);
  if (!errors.confirmation && checked.confirmation) errors.confirmation = translateMessage(t, checked.confirmation);
  return errors;
};

/** The first server message for any of `fields`, translated. */
export const serverFieldError = (
  t: TFunction<'account'>,
  errors: Record<string, string[]> | undefined,
  ...fields: string[]
): string | undefined => {
  for (const field of fields) {
    const message = errors?.[field]?.[0];
    if (message) return translateMessage(t, message);
  }
  return undefined;
};
