import { Button, FormGroup, Slider } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import type { RevisionView } from '@stramien/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/dates';
import type { AsOf } from '../../queries';

export interface TimeTravelProps {
  /** the table's revisions, newest first */
  revisions: RevisionView[];
  asOf: AsOf | null;
  onChange: (asOf: AsOf | null) => void;
}

/** 'YYYY-MM-DDTHH:mm' in local time, the value of a datetime-local field. */
const localInput = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * "The table as of …" (issue 8, beyond the spec): a slider over the table's stored revisions, oldest left, now at the
 * right end, and a date-time field for any other moment.
 */
export const TimeTravel = ({ revisions, asOf, onChange }: TimeTravelProps) => {
  const { t } = useTranslation('tables');
  const { dateTime } = useDateFormat();
  const stops = [...revisions].reverse();
  const now = stops.length;
  // the handle stands at the revision shown, or at the last one stored before the moment picked
  const at = !asOf
    ? now
    : 'revision' in asOf
      ? stops.findIndex((r) => r.id === asOf.revision)
      : Math.max(0, stops.filter((r) => r.created_at <= asOf.timestamp).length - 1);
  const [moment, setMoment] = useState(() => localInput(new Date()));
  const pick = (index: number) => {
    const revision = stops[index];
    onChange(revision ? { revision: revision.id, at: revision.created_at, name: revision.name } : null);
  };
  const show = () => {
    const date = new Date(moment);
    if (!Number.isNaN(date.getTime())) onChange({ timestamp: date.toISOString() });
  };

  return (
    <div className="stramien-time-travel" data-testid="time-travel">
      {stops.length > 0 && (
        <FormGroup label={t('tables.as-of.slider')} className="stramien-time-travel__slider">
          <Slider
            min={0}
            max={now}
            stepSize={1}
            value={Math.max(0, at)}
            onChange={pick}
            labelRenderer={(index, options) =>
              options?.isHandleTooltip
                ? index === now
                  ? t('tables.as-of.now')
                  : `${stops[index]?.name ?? ''} (${dateTime(stops[index]?.created_at ?? '')})`
                : index === now
                  ? t('tables.as-of.now')
                  : ''
            }
            handleHtmlProps={{ 'aria-label': t('tables.as-of.slider') }}
          />
        </FormGroup>
      )}
      <FormGroup label={t('tables.as-of.moment')} labelFor="as-of-moment" inline className="stramien-time-travel__moment">
        <input
          id="as-of-moment"
          type="datetime-local"
          className="bp6-input"
          value={moment}
          max={localInput(new Date(Date.now() + 60_000))}
          onChange={(event) => setMoment(event.target.value)}
        />
        <Button icon={<HistoryIcon />} text={t('tables.as-of.show')} onClick={show} data-testid="as-of-show" />
      </FormGroup>
    </div>
  );
};
