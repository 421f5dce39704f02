import { SmallCrossIcon, SmallTickIcon } from '@blueprintjs/icons';
import { passwordRules, type PasswordRules as Rules } from '@stramien/domain';
import { useTranslation } from 'react-i18next';

const ORDER: Array<keyof Rules> = ['minLength', 'capital', 'number', 'special', 'noWhiteSpace'];
const KEYS = {
  minLength: 'account.rules.min-length',
  capital: 'account.rules.capital',
  number: 'account.rules.number',
  special: 'account.rules.special',
  noWhiteSpace: 'account.rules.no-white-space',
} as const;

/** The policy's rules (spec §5), ticked off while the user types, from the domain's one validator. */
export const PasswordRules = ({ password }: { password: string }) => {
  const { t } = useTranslation('account');
  const rules = passwordRules(password);
  return (
    <ul className="stramien-password-rules" aria-label={t('account.rules.title')} data-testid="password-rules">
      {ORDER.map((rule) => (
        <li key={rule} className={rules[rule] ? 'stramien-password-rules__met' : undefined} data-met={rules[rule]}>
          {rules[rule] ? <SmallTickIcon /> : <SmallCrossIcon />} {t(KEYS[rule])}
        </li>
      ))}
    </ul>
  );
};
