import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Spinner } from '@blueprintjs/core';
import type { WebhookEndpoint } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { FormField } from '../../shared/forms/FormField';
import { showToast } from '../../shared/toaster';
import { patternOf } from './logFilters';
import { fromLocalInput, rangeInverted, TimeRange, toLocalInput, type LocalRange } from './TimeRange';
import { deliveriesQuery, webhookCalls, webhookKeys } from './queries';

export interface ReplayDialogProps {
  isOpen: boolean;
  endpoint: WebhookEndpoint;
  /** the log's filters when the dialog opens: its range and event type are the replay's to start with */
  initial: LocalRange & { eventType: string };
  onClose: () => void;
  /** the replay was recorded */
  onRequested: () => void;
}

/** the last 24 hours, up to the next minute (the inputs hold minutes) */
const lastDay = (): LocalRange => ({
  from: toLocalInput(new Date(Date.now() - 86_400_000)),
  to: toLocalInput(new Date(Date.now() + 60_000)),
});

const ReplayForm = ({ endpoint, initial, onClose, onRequested }: Omit<ReplayDialogProps, 'isOpen'>) => {
  const { t } = useTranslation('webhooks');
  const queryClient = useQueryClient();
  const [range, setRange] = useState<LocalRange>(() => {
    const fallback = lastDay();
    return { from: initial.from || fallback.from, to: initial.to || fallback.to };
  });
  const [eventType, setEventType] = useState(initial.eventType);
  const from = fromLocalInput(range.from);
  const to = fromLocalInput(range.to);
  const pattern = patternOf(eventType);
  const eventTypeInvalid = eventType.trim() !== '' && !pattern;
  const valid = from !== undefined && to !== undefined && !rangeInverted(range) && !eventTypeInvalid;
  // how many deliveries of the range the log holds (the API counts; one row is fetched)
  const covered = useQuery({
    ...deliveriesQuery(endpoint.id, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(pattern ? { eventType: pattern } : {}),
      limit: 1,
    }),
    enabled: valid,
  });
  const replay = useMutation({
    mutationFn: () => webhookCalls.replay(endpoint.id, { from: from!, to: to!, ...(pattern ? { eventTypes: [pattern] } : {}) }),
    onSuccess: () => {
      onRequested();
      showToast({ intent: 'success', message: t('webhooks.replay.requested') });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(endpoint.id) });
      onClose();
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('webhooks.form.failed') }),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) replay.mutate();
      }}
    >
      <DialogBody>
        <p className="bp6-text-muted">{t('webhooks.replay.intro', { url: endpoint.url })}</p>
        <div className="stramien-webhooks__replay-range">
          <TimeRange idPrefix="webhook-replay" value={range} onChange={setRange} required />
        </div>
        <FormField
          label={t('webhooks.replay.event-type')}
          id="webhook-replay-event"
          helper={t('webhooks.replay.event-type-help')}
          error={eventTypeInvalid ? t('webhooks.deliveries.pattern-invalid') : undefined}
        >
          <InputGroup
            id="webhook-replay-event"
            value={eventType}
            placeholder="task.*"
            intent={eventTypeInvalid ? 'danger' : 'none'}
            onValueChange={setEventType}
          />
        </FormField>
        <Callout intent="primary" data-testid="webhook-replay-count">
          {!valid ? (
            t('webhooks.replay.choose-range')
          ) : covered.data ? (
            <>
              <strong>{t('webhooks.replay.count', { count: covered.data.total })}</strong> {t('webhooks.replay.note')}
            </>
          ) : covered.isError ? (
            t('webhooks.replay.count-unknown')
          ) : (
            <Spinner size={16} />
          )}
        </Callout>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('webhooks.form.cancel')} onClick={onClose} disabled={replay.isPending} />
            <Button
              type="submit"
              intent="primary"
              text={t('webhooks.replay.confirm')}
              disabled={!valid}
              loading={replay.isPending}
              data-testid="webhook-replay-submit"
            />
          </>
        }
      />
    </form>
  );
};

/** Replay of a time range, optionally of one event type, with what the range covers before it is confirmed. */
export const ReplayDialog = ({ isOpen, onClose, ...props }: ReplayDialogProps) => {
  const { t } = useTranslation('webhooks');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('webhooks.replay.title')}>
      {isOpen && <ReplayForm {...props} onClose={onClose} />}
    </Dialog>
  );
};
