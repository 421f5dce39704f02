import { Button, Callout, InputGroup, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { TWO_FACTOR_CODE_INPUT_MAX } from '@stramien/domain';
import { ApiError, securityRoutes, type Response, type User } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../shared/api';
import { serverMessage } from '../../shared/apiErrors';
import { showToast } from '../../shared/toaster';
import { currentUserQuery, identityKeys } from '../identity/session/queries';
import { FormField } from '../../shared/forms/FormField';

type GeneratedSecret = Response<typeof securityRoutes.generateTwoFactor>;

/** Calls of the section; tests swap them. */
export interface TwoFactorCalls {
  /** the signed-in user; by default GET /api/user through the shared current-user query */
  user?: () => Promise<User>;
  generate: () => Promise<GeneratedSecret>;
  enable: (code: string) => Promise<unknown>;
  disable: (code: string) => Promise<unknown>;
}

export const twoFactorCalls: TwoFactorCalls = {
  generate: () => api.call(securityRoutes.generateTwoFactor, { body: {} }),
  enable: (code) => api.call(securityRoutes.enableTwoFactor, { body: { code } }),
  disable: (code) => api.call(securityRoutes.disableTwoFactor, { body: { code } }),
};

/** '123 456' as apps show it -> '123456'; null unless 6 digits */
const normalise = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * Settings › two-factor authentication (spec §2 /settings): set up with a QR code (or the key typed in) and a first
 * code, switch off with a current code. `?status=2fa-required` (a 403 asking for two-factor authentication routes
 * here) shows why the user landed on the page.
 */
export const TwoFactorSection = ({ calls = twoFactorCalls }: { calls?: TwoFactorCalls }) => {
  const { t } = useTranslation('settings');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const user = useQuery(calls.user ? { ...currentUserQuery(), queryFn: calls.user } : currentUserQuery());
  const [generated, setGenerated] = useState<GeneratedSecret | null>(null);
  const [code, setCode] = useState('');

  const errorText = (error: unknown): string | null => {
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'two-factor-code-used') return t('settings.two-factor.code-used');
    if (error instanceof ApiError && error.code === 'two-factor-invalid') return t('settings.two-factor.invalid-code');
    return serverMessage(error) ?? t('settings.two-factor.error');
  };
  const done = async (message: string) => {
    setGenerated(null);
    setCode('');
    showToast({ intent: 'success', message });
    await queryClient.invalidateQueries({ queryKey: identityKeys.currentUser() });
  };

  const generate = useMutation({ mutationFn: () => calls.generate(), onSuccess: (secret) => setGenerated(secret) });
  const enable = useMutation({
    mutationFn: (value: string) => calls.enable(value),
    onSuccess: () => done(t('settings.two-factor.enabled')),
    onError: () => setCode(''),
  });
  const disable = useMutation({
    mutationFn: (value: string) => calls.disable(value),
    onSuccess: () => done(t('settings.two-factor.disabled')),
    onError: () => setCode(''),
  });

  const enabled = user.data?.two_factor_enabled ?? false;
  const required = params.get('status') === '2fa-required' && !enabled;
  const valid = normalise(code);

  const codeForm = (id: string, action: typeof enable, label: string, intent: 'primary' | 'danger', error: unknown) => (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !action.isPending) action.mutate(valid);
      }}
    >
      <FormField label={t('settings.two-factor.code')} id={id} error={code && !valid ? t('settings.two-factor.code-format') : undefined}>
        <InputGroup
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TWO_FACTOR_CODE_INPUT_MAX}
          value={code}
          disabled={action.isPending}
          onValueChange={setCode}
        />
      </FormField>
      {errorText(error) && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="two-factor-error">
          {errorText(error)}
        </Callout>
      )}
      <Button type="submit" intent={intent} loading={action.isPending} disabled={!valid} text={label} />
    </form>
  );

  return (
    <Section
      title={t('settings.two-factor.title')}
      rightElement={
        user.data && (
          <Tag intent={enabled ? 'success' : 'none'} minimal data-testid="two-factor-status">
            {enabled ? t('settings.two-factor.status-on') : t('settings.two-factor.status-off')}
          </Tag>
        )
      }
      className="stramien-settings__section"
      data-testid="two-factor-section"
    >
      <SectionCard>
        {required && (
          <Callout intent="warning" style={{ marginBottom: 12 }} data-testid="two-factor-required">
            {t('settings.two-factor.required')}
          </Callout>
        )}
        {user.isPending ? (
          <Spinner size={20} />
        ) : user.error ? (
          <Callout intent="danger">{serverMessage(user.error) ?? t('settings.two-factor.error')}</Callout>
        ) : enabled ? (
          <>
            <p>{t('settings.two-factor.intro-on')}</p>
            <p>{t('settings.two-factor.disable-hint')}</p>
            {codeForm('two-factor-disable-code', disable, t('settings.two-factor.disable'), 'danger', disable.error)}
          </>
        ) : generated ? (
          <>
            <p>{t('settings.two-factor.scan')}</p>
            <img src={generated.qr_code} alt={t('settings.two-factor.qr-alt')} width={200} height={200} data-testid="two-factor-qr" />
            <p>
              {t('settings.two-factor.manual')} <code data-testid="two-factor-secret">{generated.secret}</code>
            </p>
            <p>
              <a href={generated.otpauth_url} data-testid="two-factor-otpauth-url">
                {t('settings.two-factor.open-app')}
              </a>
            </p>
            {codeForm('two-factor-enable-code', enable, t('settings.two-factor.enable'), 'primary', enable.error)}
            <Button
              variant="minimal"
              style={{ marginTop: 8 }}
              text={t('settings.two-factor.cancel')}
              onClick={() => {
                setGenerated(null);
                setCode('');
                enable.reset();
              }}
            />
          </>
        ) : (
          <>
            <p>{t('settings.two-factor.intro-off')}</p>
            {generate.error && (
              <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
                {errorText(generate.error)}
              </Callout>
            )}
            <Button
              intent="primary"
              loading={generate.isPending}
              text={t('settings.two-factor.setup')}
              data-testid="two-factor-setup"
              onClick={() => generate.mutate()}
            />
          </>
        )}
      </SectionCard>
    </Section>
  );
};
