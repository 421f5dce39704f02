import {
  Alert,
  Button,
  Callout,
  Checkbox,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Section,
  SectionCard,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES, type ApiTokenScope } from '@stramien/domain';
import { apiTokenRoutes, type ApiToken, type Response } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { serverMessage } from '../../shared/apiErrors';
import { showToast } from '../../shared/toaster';
import { useDateFormat } from '../../shared/dates';
import { FormField } from '../../shared/forms/FormField';
import { apiTokensQuery, settingsKeys } from './queries';

type Scope = ApiTokenScope;
const SCOPE_LABELS = {
  read: 'settings.api-tokens.scope-read',
  write: 'settings.api-tokens.scope-write',
  'events:read': 'settings.api-tokens.scope-events-read',
  'webhooks:manage': 'settings.api-tokens.scope-webhooks-manage',
} as const satisfies Record<Scope, string>;
type CreatedToken = Response<typeof apiTokenRoutes.createApiToken>['data'];

/** Calls of the section; tests swap them. */
export interface ApiTokenCalls {
  list: () => Promise<ApiToken[]>;
  create: (name: string, scopes: Scope[]) => Promise<CreatedToken>;
  revoke: (id: string) => Promise<unknown>;
}

export const apiTokenCalls: ApiTokenCalls = {
  list: async () => (await api.call(apiTokenRoutes.listApiTokens, {})).data,
  create: async (name, scopes) => (await api.call(apiTokenRoutes.createApiToken, { body: { name, scopes } })).data,
  revoke: (id) => api.call(apiTokenRoutes.revokeApiToken, { params: { id } }),
};

/**
 * Settings › API tokens: personal tokens for integrations (scripts, BI tools). A new token is shown once, with a copy
 * button; revoking asks for confirmation and stops the token at once.
 */
export const ApiTokensSection = ({ calls = apiTokenCalls }: { calls?: ApiTokenCalls }) => {
  const { t } = useTranslation('settings');
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokensQuery(calls));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Record<Scope, boolean>>({ read: true, write: true, 'events:read': false, 'webhooks:manage': false });
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const chosen = API_TOKEN_SCOPES.filter((s) => scopes[s]);
  const nameError = touched && !name.trim() ? t('settings.api-tokens.name-required') : null;
  const scopeError = chosen.length === 0 ? t('settings.api-tokens.scope-required') : null;

  const create = useMutation({
    mutationFn: () => calls.create(name.trim(), chosen),
    onSuccess: async (token) => {
      setCreated(token);
      setName('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => calls.revoke(id),
    onSuccess: async () => {
      setRevoking(null);
      showToast({ intent: 'success', message: t('settings.api-tokens.revoked') });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() });
    },
  });

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ intent: 'success', message: t('settings.api-tokens.copied') });
    } catch {
      showToast({ intent: 'danger', message: t('settings.api-tokens.copy-failed') });
    }
  };

  const scopeLabel = (scope: Scope) => t(SCOPE_LABELS[scope]);

  return (
    <Section title={t('settings.api-tokens.title')} className="stramien-settings__section" data-testid="api-tokens-section">
      <SectionCard>
        <p>{t('settings.api-tokens.intro')}</p>

        {created && (
          <Callout intent="success" style={{ marginBottom: 12 }} data-testid="api-token-created">
            <p>{t('settings.api-tokens.created', { name: created.name })}</p>
            <p>
              <strong>{t('settings.api-tokens.shown-once')}</strong>
            </p>
            <code data-testid="api-token-plaintext" style={{ wordBreak: 'break-all' }}>
              {created.token}
            </code>
            <div style={{ marginTop: 8 }}>
              <Button
                icon="duplicate"
                text={t('settings.api-tokens.copy')}
                data-testid="api-token-copy"
                onClick={() => void copy(created.token)}
              />{' '}
              <Button variant="minimal" text={t('settings.api-tokens.done')} onClick={() => setCreated(null)} />
            </div>
          </Callout>
        )}

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (name.trim() && chosen.length > 0 && !create.isPending) create.mutate();
          }}
        >
          <FormField label={t('settings.api-tokens.name')} id="api-token-name" error={nameError}>
            <InputGroup
              id="api-token-name"
              maxLength={API_TOKEN_NAME_MAX}
              value={name}
              onValueChange={setName}
              disabled={create.isPending}
            />
          </FormField>
          <FormField label={t('settings.api-tokens.scopes')} error={scopeError}>
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                inline
                checked={scopes[scope]}
                label={scopeLabel(scope)}
                onChange={() => setScopes((s) => ({ ...s, [scope]: !s[scope] }))}
              />
            ))}
          </FormField>
          {create.error && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {serverMessage(create.error) ?? t('settings.api-tokens.error')}
            </Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            loading={create.isPending}
            disabled={chosen.length === 0}
            text={t('settings.api-tokens.create')}
          />
        </form>

        <div style={{ marginTop: 16 }}>
          {tokens.isPending ? (
            <Spinner size={20} />
          ) : tokens.error ? (
            <Callout intent="danger">{serverMessage(tokens.error) ?? t('settings.api-tokens.error')}</Callout>
          ) : tokens.data.length === 0 ? (
            <NonIdealState icon="key" title={t('settings.api-tokens.empty')} data-testid="api-tokens-empty" />
          ) : (
            <HTMLTable compact striped style={{ width: '100%' }} data-testid="api-tokens-table">
              <thead>
                <tr>
                  <th>{t('settings.api-tokens.name')}</th>
                  <th>{t('settings.api-tokens.scopes')}</th>
                  <th>{t('settings.api-tokens.ends-with')}</th>
                  <th>{t('settings.api-tokens.created-at')}</th>
                  <th>{t('settings.api-tokens.expires-at')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {tokens.data.map((token) => (
                  <tr key={token.id} data-testid={`api-token-${token.id}`}>
                    <td>{token.name}</td>
                    <td>
                      {token.scopes.map((scope) => (
                        <Tag key={scope} minimal style={{ marginRight: 4 }}>
                          {scopeLabel(scope)}
                        </Tag>
                      ))}
                    </td>
                    <td>
                      <code>…{token.hint}</code>
                    </td>
                    <td>{dates.dateTime(token.created_at)}</td>
                    <td>{dates.date(token.expires_at)}</td>
                    <td>
                      <Button intent="danger" variant="minimal" text={t('settings.api-tokens.revoke')} onClick={() => setRevoking(token)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </div>

        <Alert
          isOpen={revoking !== null}
          intent="danger"
          confirmButtonText={t('settings.api-tokens.revoke')}
          cancelButtonText={t('settings.api-tokens.cancel')}
          loading={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoking && revoke.mutate(revoking.id)}
        >
          <p>{t('settings.api-tokens.confirm-revoke', { name: revoking?.name ?? '' })}</p>
          {revoke.error && <Callout intent="danger">{serverMessage(revoke.error) ?? t('settings.api-tokens.error')}</Callout>}
        </Alert>
      </SectionCard>
    </Section>
  );
};
