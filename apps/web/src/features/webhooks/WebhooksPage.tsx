import { Button, Card, Dialog, DialogBody, HTMLTable, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import { KeyIcon, PlusIcon, SendMessageIcon } from '@blueprintjs/icons';
import type { WebhookEndpoint } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { QueryState } from '../../shared/QueryState';
import { showToast } from '../../shared/toaster';
import { ActionsHeader, ConfirmDelete, RowActions } from '../admin/components/RowActions';
import { useSession } from '../identity/session/useSession';
import { projectListQuery } from '../projects/queries';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm, parsePatterns, type EndpointFormValue } from './EndpointForm';
import { SecretDialog } from './SecretDialog';
import { webhookCalls, webhookKeys, webhooksQuery } from './queries';
import './webhooks.css';

const EMPTY: EndpointFormValue = { url: '', eventTypes: '', projectIds: [], description: '', enabled: true };

const formOf = (endpoint: WebhookEndpoint): EndpointFormValue => ({
  url: endpoint.url,
  eventTypes: endpoint.eventTypes.join(', '),
  projectIds: endpoint.projectIds,
  description: endpoint.description,
  enabled: endpoint.enabled,
});

/** /admin/webhooks (licence admins) — the licence's webhook endpoints, their secrets (shown once) and delivery logs (issue 10). */
export const WebhooksPage = () => {
  const { t } = useTranslation('webhooks');
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const queryClient = useQueryClient();
  const endpoints = useQuery({ ...webhooksQuery(licenceId), enabled: licenceId !== '' });
  const projects = useQuery({ ...projectListQuery(licenceId), enabled: licenceId !== '' });
  const projectOptions = (projects.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  /** null: closed; 'new': create; an endpoint: edit */
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = (endpoints.data ?? []).find((e) => e.id === selectedId) ?? null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list(licenceId) });
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('webhooks.form.failed') });

  const save = useMutation({
    mutationFn: async (value: EndpointFormValue) => {
      const body = {
        url: value.url.trim(),
        eventTypes: parsePatterns(value.eventTypes),
        projectIds: value.projectIds,
        description: value.description,
        enabled: value.enabled,
      };
      if (editing === 'new' || editing === null) {
        const res = await webhookCalls.create(licenceId, body);
        return res.data.secret;
      }
      await webhookCalls.update(editing.id, body);
      return null;
    },
    onSuccess: (newSecret) => {
      setEditing(null);
      if (newSecret !== null) setSecret(newSecret);
      else showToast({ intent: 'success', message: t('webhooks.list.updated') });
      refresh();
    },
    onError: failed,
  });
  const toggle = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhookCalls.update(endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: refresh,
    onError: failed,
  });
  const rotate = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhookCalls.rotateSecret(endpoint.id),
    onSuccess: (res) => {
      setSecret(res.data.secret);
      refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhookCalls.delete(endpoint.id),
    onSuccess: (_res, endpoint) => {
      setDeleting(null);
      if (selectedId === endpoint.id) setSelectedId(null);
      showToast({ intent: 'success', message: t('webhooks.list.deleted') });
      refresh();
    },
    onError: failed,
  });

  return (
    <div className="stramien-webhooks" data-testid="admin-webhooks">
      <Card>
        <div className="stramien-webhooks__head">
          <p className="bp6-text-muted">{t('webhooks.list.intro')}</p>
          <Button
            intent="primary"
            icon={<PlusIcon />}
            text={t('webhooks.list.new')}
            onClick={() => setEditing('new')}
            data-testid="webhook-new"
          />
        </div>
        <QueryState
          query={endpoints}
          errorTitle={t('webhooks.list.load-failed')}
          errorIcon={<SendMessageIcon size={32} />}
          empty={<NonIdealState icon={<SendMessageIcon size={32} />} title={t('webhooks.list.empty')} />}
        >
          {(rows) => (
            <HTMLTable compact interactive className="stramien-admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.field.url')}</th>
                  <th scope="col">{t('webhooks.field.events')}</th>
                  <th scope="col">{t('webhooks.field.enabled')}</th>
                  <th scope="col">{t('webhooks.field.description')}</th>
                  <th scope="col" />
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((endpoint) => (
                  <tr
                    key={endpoint.id}
                    data-testid="webhook-row"
                    className={endpoint.id === selectedId ? 'stramien-webhooks__row--selected' : undefined}
                    onClick={() => setSelectedId(endpoint.id)}
                  >
                    <td>
                      <code>{endpoint.url}</code>
                    </td>
                    <td>
                      {endpoint.eventTypes.map((pattern) => (
                        <Tag key={pattern} minimal className="stramien-webhooks__pattern">
                          {pattern}
                        </Tag>
                      ))}
                    </td>
                    <td onClick={(event) => event.stopPropagation()}>
                      <Switch
                        checked={endpoint.enabled}
                        disabled={toggle.isPending}
                        aria-label={t('webhooks.field.enabled')}
                        label={endpoint.enabled ? t('webhooks.list.enabled') : t('webhooks.list.disabled')}
                        onChange={() => toggle.mutate(endpoint)}
                      />
                      {!endpoint.enabled && endpoint.disabledReason && (
                        <div className="bp6-text-muted bp6-text-small">{t(`webhooks.reason.${endpoint.disabledReason}`)}</div>
                      )}
                    </td>
                    <td>{endpoint.description}</td>
                    <td onClick={(event) => event.stopPropagation()}>
                      <Button
                        size="small"
                        icon={<KeyIcon />}
                        text={t('webhooks.list.rotate')}
                        loading={rotate.isPending && rotate.variables.id === endpoint.id}
                        onClick={() => rotate.mutate(endpoint)}
                      />
                    </td>
                    <RowActions onEdit={() => setEditing(endpoint)} onDelete={() => setDeleting(endpoint)} />
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      {selected ? (
        <Card>
          <DeliveryLog key={selected.id} endpoint={selected} />
        </Card>
      ) : (
        (endpoints.data?.length ?? 0) > 0 && <p className="bp6-text-muted">{t('webhooks.deliveries.pick')}</p>
      )}
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('webhooks.list.new') : t('webhooks.list.edit')}
      >
        <DialogBody>
          {editing !== null && (
            <EndpointForm
              initial={editing === 'new' ? EMPTY : formOf(editing)}
              projects={projectOptions}
              busy={save.isPending}
              submitText={editing === 'new' ? t('webhooks.form.create') : t('webhooks.form.save')}
              onSubmit={(value) => save.mutate(value)}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogBody>
      </Dialog>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDelete
        isOpen={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('webhooks.list.confirm-delete', { url: deleting?.url ?? '' })}
      </ConfirmDelete>
    </div>
  );
};
