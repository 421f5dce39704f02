import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../identity/session/useSession';
import { settingsCalls, type SettingsCalls } from './calls';
import { PasswordSection } from './components/PasswordSection';
import { ProfileSection } from './components/ProfileSection';
import { TwoFactorSection } from './TwoFactorSection';
import { ApiTokensSection } from './ApiTokensSection';
import '../account/account.css';
import './settings.css';

/** /settings — profile, password and two-factor authentication (spec §2). */
export const SettingsPage = ({ calls = settingsCalls }: { calls?: SettingsCalls }) => {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const [params] = useSearchParams();
  return (
    <div className="stramien-page stramien-settings">
      <H2>{t('settings.page.title')}</H2>
      {/* keyed by the user's data, so a saved profile starts the form from the new values */}
      <ProfileSection key={`${user.firstname}|${user.lastname}|${user.language}`} user={user} calls={calls} />
      <PasswordSection user={user} calls={calls} mustReset={params.get('status') === 'reset'} />
      {/* ── Two-factor authentication: the security work's own component (features/settings/TwoFactorSection.tsx) ── */}
      <TwoFactorSection />
      <ApiTokensSection />
    </div>
  );
};
