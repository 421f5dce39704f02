import { remainingTime, type RemainingTime } from '@stramien/domain';
import type { TFunction } from 'i18next';

/**
 * The remaining-time display of spec 1 §4 in the user's language: weeks (when more than 1), days, hours and minutes
 * left; overdue time in hours and minutes. Parts that are zero are left out, except minutes when nothing else is left.
 */
export const formatRemainingTime = (time: RemainingTime, t: TFunction<'tasks'>): string => {
  const parts: string[] = [];
  if (!time.overdue) {
    if (time.weeks > 0) parts.push(t('tasks.remaining.weeks', { count: time.weeks }));
    if (time.days > 0) parts.push(t('tasks.remaining.days', { count: time.days }));
  }
  if (time.hours > 0) parts.push(t('tasks.remaining.hours', { count: time.hours }));
  if (time.minutes > 0 || parts.length === 0) parts.push(t('tasks.remaining.minutes', { count: time.minutes }));
  const joined = parts.join(' ');
  return time.overdue ? t('tasks.remaining.overdue', { time: joined }) : t('tasks.remaining.left', { time: joined });
};

/**
 * The moment a due value means: a date alone ('2026-02-05') is due at the end of that day in the user's time zone,
 * a date-time at that moment.
 */
export const dueMoment = (due: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(due) ? new Date(`${due}T23:59:59`).toISOString() : due);

/** The remaining time of a due value at `now`, null when there is no due date. */
export const remainingOf = (due: string | null, now: Date): RemainingTime | null =>
  due ? remainingTime(dueMoment(due), now.toISOString()) : null;
