import { Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemainingTime, remainingOf } from '../../remainingTime';

/** The current time, ticking once a minute (the display is rounded down to the minute). */
export const useMinuteClock = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** Time left until the due date (spec 1 §4), red when overdue; nothing without a due date or for a finished task. */
export const RemainingTime = ({ due, done = false, now }: { due: string | null; done?: boolean; now?: Date }) => {
  const { t } = useTranslation('tasks');
  const clock = useMinuteClock();
  const time = remainingOf(due, now ?? clock);
  if (!time || done) return null;
  return (
    <Tag minimal intent={time.overdue ? 'danger' : 'none'} className="stramien-remaining" data-testid="remaining-time">
      {formatRemainingTime(time, t)}
    </Tag>
  );
};
