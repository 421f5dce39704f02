import { Button, Callout, Card, H2, InputGroup } from '@blueprintjs/core';
import { WrenchIcon } from '@blueprintjs/icons';
import { ApiError } from '@stramien/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { safeRedirect } from '../../shared/redirect';
import { storeMaintenanceToken } from './maintenanceToken';
import { fetchMaintenanceStatus, maintenanceStatusQuery, requestMaintenanceToken } from './queries';
import { FormField } from '../../shared/forms/FormField';

/** The page's calls; tests pass their own. */
export interface MaintenanceCalls {
  status: () => Promise<{ enabled: boolean }>;
  requestToken: typeof requestMaintenanceToken;
}

export const maintenanceCalls: MaintenanceCalls = {
  status: () => fetchMaintenanceStatus(),
  requestToken: requestMaintenanceToken,
};

/**
 * /maintenance — maintenance mode is on: the maintenance secret gives a maintenance token (10 minutes), kept with its
 * expiry and sent on every call in the maintenance header; then the user returns to the redirect. When maintenance
 * is over the page says so and lets the user continue.
 */
export const MaintenancePage = ({ calls = maintenanceCalls }: { calls?: MaintenanceCalls }) => {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect')) ?? '/dashboard';
  const [secret, setSecret] = useState('');
  const status = useQuery({ ...maintenanceStatusQuery(), queryFn: () => calls.status() });
  const unlock = useMutation({
    mutationFn: (value: string) => calls.requestToken(value),
    onSuccess: (granted) => {
      storeMaintenanceToken(granted.token, granted.lifetime_ms);
      void navigate(redirect, { replace: true });
    },
    onError: () => void status.refetch(),
  });
  const over = status.data?.enabled === false || (unlock.error instanceof ApiError && unlock.error.status === 409);
  const failure =
    unlock.error instanceof ApiError && unlock.error.status === 422
      ? t('system.maintenance.wrong-secret')
      : unlock.error
        ? (serverMessage(unlock.error) ?? t('system.maintenance.error'))
        : null;

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-login__card" elevation={2}>
        <H2>
          <WrenchIcon size={20} /> {t('system.maintenance.title')}
        </H2>
        {over ? (
          <>
            <Callout intent="success" data-testid="maintenance-over">
              {t('system.maintenance.over')}
            </Callout>
            <Button
              style={{ marginTop: 12 }}
              intent="primary"
              fill
              text={t('system.maintenance.continue')}
              onClick={() => void navigate(redirect, { replace: true })}
            />
          </>
        ) : (
          <>
            <p>{t('system.maintenance.description')}</p>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (secret.trim() && !unlock.isPending) unlock.mutate(secret.trim());
              }}
            >
              <FormField label={t('system.maintenance.secret')} id="maintenance-secret">
                <InputGroup
                  id="maintenance-secret"
                  type="password"
                  autoComplete="off"
                  value={secret}
                  onValueChange={setSecret}
                  disabled={unlock.isPending}
                  autoFocus
                />
              </FormField>
              {failure && (
                <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="maintenance-error">
                  {failure}
                </Callout>
              )}
              <Button
                type="submit"
                intent="primary"
                fill
                loading={unlock.isPending}
                disabled={!secret.trim()}
                text={t('system.maintenance.submit')}
              />
            </form>
          </>
        )}
      </Card>
    </div>
  );
};
