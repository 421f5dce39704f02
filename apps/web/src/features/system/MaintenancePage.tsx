import { Button, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { WrenchIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../shared/redirect';
import { storeMaintenanceToken } from './maintenanceToken';

/**
 * /maintenance — asks for the maintenance secret. Until its backend exists the secret itself is held as the
 * maintenance token (10 minutes) and sent in the maintenance header; then the user returns to the redirect.
 */
export const MaintenancePage = () => {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [secret, setSecret] = useState('');

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-login__card" elevation={2}>
        <H2>
          <WrenchIcon size={20} /> {t('system.maintenance.title')}
        </H2>
        <p>{t('system.maintenance.description')}</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!secret.trim()) return;
            storeMaintenanceToken(secret.trim());
            void navigate(redirect ?? '/dashboard', { replace: true });
          }}
        >
          <FormGroup label={t('system.maintenance.secret')} labelFor="maintenance-secret">
            <InputGroup id="maintenance-secret" type="password" autoComplete="off" value={secret} onValueChange={setSecret} autoFocus />
          </FormGroup>
          <Button type="submit" intent="primary" fill disabled={!secret.trim()} text={t('system.maintenance.submit')} />
        </form>
      </Card>
    </div>
  );
};
