import { Button, ButtonGroup, H5, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, FilterRemoveIcon, HistoryIcon, RefreshIcon, RepeatIcon } from '@blueprintjs/icons';
import { DELIVERY_STATUSES, type WebhookDelivery, type WebhookEndpoint } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { useDateFormat } from '../../shared/dates';
import { FormField } from '../../shared/forms/FormField';
import { QueryState } from '../../shared/QueryState';
import { showToast } from '../../shared/toaster';
import { ReplayDialog } from './ReplayDialog';
import { NO_FILTERS, patternOf, queryOf, type LogFilters } from './logFilters';
import { TimeRange } from './TimeRange';
import { deliveriesQuery, webhookCalls, webhookKeys, type DeliveryStatus } from './queries';

/** deliveries per page of the log */
export const DELIVERY_PAGE_SIZE = 50;
const REFRESH_MS = 2_000;
const WATCH_MS = 30_000;

/** The attempt with the highest number (the log's order is not relied on). */
const latestAttempt = (delivery: WebhookDelivery) =>
  delivery.log.reduce<WebhookDelivery['log'][number] | undefined>((a, b) => (a && a.attempt >= b.attempt ? a : b), undefined);

const STATUS_INTENT = { pending: 'none', delivered: 'success', failed: 'danger' } as const;

/**
 * The delivery log of one endpoint: newest first, filtered by status, event type pattern and time range, in pages of
 * 50 fetched from the API (the log can hold thousands); Redeliver per delivery and Replay of a time range.
 */
export const DeliveryLog = ({ endpoint }: { endpoint: WebhookEndpoint }) => {
  const { t } = useTranslation('webhooks');
  const { dateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  /** the `before` cursor of every page up to the one shown (the first page has none) */
  const [cursors, setCursors] = useState<number[]>([]);
  const [replaying, setReplaying] = useState(false);
  /** after a redelivery or replay is asked, the log is loaded again until then: the dispatcher acts on it shortly */
  const [watchUntil, setWatchUntil] = useState(0);
  const watch = () => setWatchUntil(Date.now() + WATCH_MS);
  const filterQuery = queryOf(filters);
  const before = cursors[cursors.length - 1];
  const deliveries = useQuery({
    ...deliveriesQuery(endpoint.id, { ...filterQuery, limit: DELIVERY_PAGE_SIZE, ...(before !== undefined ? { before } : {}) }),
    // loaded again while a delivery on the page is pending, or a redelivery or replay was just asked
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending') || Date.now() < watchUntil ? REFRESH_MS : false,
  });
  const filtered = Object.keys(filterQuery).length > 0;
  const change = (next: Partial<LogFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setCursors([]);
  };
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhookCalls.redeliver(endpoint.id, delivery.eventId),
    onSuccess: () => {
      watch();
      showToast({ intent: 'success', message: t('webhooks.deliveries.redelivered') });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(endpoint.id) });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('webhooks.form.failed') }),
  });
  const eventTypeInvalid = filters.eventType.trim() !== '' && !patternOf(filters.eventType);
  const page = deliveries.data;
  const first = cursors.length * DELIVERY_PAGE_SIZE + 1;
  return (
    <div data-testid="webhook-deliveries">
      <div className="stramien-webhooks__log-head">
        <H5>{t('webhooks.deliveries.title', { url: endpoint.url })}</H5>
        <Button icon={<RepeatIcon />} text={t('webhooks.replay.open')} onClick={() => setReplaying(true)} data-testid="webhook-replay" />
      </div>
      <div className="stramien-webhooks__filters" data-testid="webhook-delivery-filters">
        <FormField label={t('webhooks.deliveries.status')} id="webhook-filter-status">
          <HTMLSelect
            id="webhook-filter-status"
            value={filters.status}
            onChange={(event) => change({ status: event.currentTarget.value as DeliveryStatus | '' })}
            options={[
              { value: '', label: t('webhooks.deliveries.all') },
              ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.status.${s}`) })),
            ]}
          />
        </FormField>
        <FormField
          label={t('webhooks.deliveries.event')}
          id="webhook-filter-event"
          error={eventTypeInvalid ? t('webhooks.deliveries.pattern-invalid') : undefined}
        >
          <InputGroup
            id="webhook-filter-event"
            value={filters.eventType}
            placeholder="task.*"
            intent={eventTypeInvalid ? 'danger' : 'none'}
            onValueChange={(eventType) => change({ eventType })}
          />
        </FormField>
        <TimeRange idPrefix="webhook-filter" value={filters} onChange={(range) => change(range)} />
        {filtered && (
          <Button
            variant="minimal"
            icon={<FilterRemoveIcon />}
            text={t('webhooks.deliveries.clear-filters')}
            onClick={() => change(NO_FILTERS)}
          />
        )}
      </div>
      <QueryState
        query={deliveries}
        errorTitle={t('webhooks.list.load-failed')}
        isEmpty={(data) => data.data.length === 0 && cursors.length === 0}
        empty={
          filtered ? (
            <NonIdealState
              icon={<HistoryIcon size={32} />}
              title={t('webhooks.deliveries.none-match')}
              action={<Button text={t('webhooks.deliveries.clear-filters')} onClick={() => change(NO_FILTERS)} />}
            />
          ) : (
            <NonIdealState
              icon={<HistoryIcon size={32} />}
              title={t('webhooks.deliveries.empty')}
              description={t('webhooks.deliveries.empty-help')}
            />
          )
        }
      >
        {({ data: rows }) => (
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
                    <td>{dateTime(delivery.lastAttemptAt ?? delivery.occurredAt)}</td>
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
      {page && page.total > 0 && (
        <div className="stramien-webhooks__pager">
          <span className="bp6-text-muted" data-testid="webhook-deliveries-range">
            {t('webhooks.deliveries.range', {
              first: Math.min(first, page.total),
              last: Math.min(first + page.data.length - 1, page.total),
              total: page.total,
            })}
          </span>
          <ButtonGroup>
            <Button
              icon={<ChevronLeftIcon />}
              aria-label={t('webhooks.deliveries.newer')}
              title={t('webhooks.deliveries.newer')}
              disabled={cursors.length === 0}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            />
            <Button
              icon={<ChevronRightIcon />}
              aria-label={t('webhooks.deliveries.older')}
              title={t('webhooks.deliveries.older')}
              disabled={first + page.data.length - 1 >= page.total || page.data.length === 0 || deliveries.isPlaceholderData}
              onClick={() => setCursors((c) => [...c, page.data[page.data.length - 1]!.position])}
            />
          </ButtonGroup>
        </div>
      )}
      <ReplayDialog
        isOpen={replaying}
        endpoint={endpoint}
        initial={{ from: filters.from, to: filters.to, eventType: patternOf(filters.eventType) ?? '' }}
        onClose={() => setReplaying(false)}
        onRequested={watch}
      />
    </div>
  );
};
