import { Button, H5, HTMLSelect, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { HistoryIcon, RefreshIcon } from '@blueprintjs/icons';
import { DELIVERY_STATUSES, type WebhookDelivery, type WebhookEndpoint } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { QueryState } from '../../shared/QueryState';
import { showToast } from '../../shared/toaster';
import { deliveriesQuery, webhookCalls, type DeliveryStatus } from './queries';

/** The attempt with the highest number (the log's order is not relied on). */
const latestAttempt = (delivery: WebhookDelivery) =>
  delivery.log.reduce<WebhookDelivery['log'][number] | undefined>((a, b) => (a && a.attempt >= b.attempt ? a : b), undefined);

const STATUS_INTENT = { pending: 'none', delivered: 'success', failed: 'danger' } as const;

/** The delivery log of one endpoint: newest first, a status filter, and Redeliver per delivery. */
export const DeliveryLog = ({ endpoint }: { endpoint: WebhookEndpoint }) => {
  const { t, i18n } = useTranslation('webhooks');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const deliveries = useQuery(deliveriesQuery(endpoint.id, status));
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhookCalls.redeliver(endpoint.id, delivery.eventId),
    onSuccess: () => {
      showToast({ intent: 'success', message: t('webhooks.deliveries.redelivered') });
      void queryClient.invalidateQueries({ queryKey: ['webhooks', 'deliveries', endpoint.id] });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('webhooks.form.failed') }),
  });
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <div data-testid="webhook-deliveries">
      <div className="stramien-webhooks__log-head">
        <H5>{t('webhooks.deliveries.title', { url: endpoint.url })}</H5>
        <HTMLSelect
          aria-label={t('webhooks.deliveries.status-filter')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as DeliveryStatus | '')}
          options={[
            { value: '', label: t('webhooks.deliveries.all') },
            ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.status.${s}`) })),
          ]}
        />
      </div>
      <QueryState
        query={deliveries}
        errorTitle={t('webhooks.list.load-failed')}
        empty={<NonIdealState icon={<HistoryIcon size={32} />} title={t('webhooks.deliveries.empty')} />}
      >
        {(rows) => (
          <HTMLTable compact className="stramien-admin__table">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.deliveries.time')}</th>
                <th scope="col">{t('webhooks.deliveries.event')}</th>
                <th scope="col">{t('webhooks.deliveries.status')}</th>
                <th scope="col">{t('webhooks.deliveries.attempt')}</th>
                <th scope="col">{t('webhooks.deliveries.code')}</th>
                <th scope="col">{t('webhooks.deliveries.duration')}</th>
                <th scope="col">{t('webhooks.deliveries.response')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => {
                const last = latestAttempt(delivery);
                return (
                  <tr key={delivery.id} data-testid="webhook-delivery-row">
                    <td>{time(delivery.lastAttemptAt ?? delivery.occurredAt)}</td>
                    <td>
                      <code>{delivery.eventType}</code>
                    </td>
                    <td>
                      <Tag minimal intent={STATUS_INTENT[delivery.status]}>
                        {t(`webhooks.status.${delivery.status}`)}
                      </Tag>
                    </td>
                    <td>{delivery.attempts}</td>
                    <td>{delivery.lastStatusCode ?? last?.error ?? '—'}</td>
                    <td>{last ? t('webhooks.deliveries.ms', { ms: last.durationMs }) : '—'}</td>
                    <td className="stramien-webhooks__excerpt" title={last?.excerpt}>
                      {last?.excerpt ?? ''}
                    </td>
                    <td>
                      <Button
                        size="small"
                        icon={<RefreshIcon />}
                        text={t('webhooks.deliveries.redeliver')}
                        loading={redeliver.isPending && redeliver.variables.id === delivery.id}
                        onClick={() => redeliver.mutate(delivery)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
    </div>
  );
};
