import { EVENT_PATTERN } from '@stramien/domain';
import { fromLocalInput, rangeInverted, type LocalRange } from './TimeRange';
import type { DeliveryQuery, DeliveryStatus } from './queries';

/** The delivery log's filters as the screen holds them. */
export interface LogFilters extends LocalRange {
  status: DeliveryStatus | '';
  /** a pattern as typed; applied once it is one */
  eventType: string;
}
export const NO_FILTERS: LogFilters = { status: '', eventType: '', from: '', to: '' };

/** the valid pattern of the field, or undefined (empty, or not a pattern yet) */
export const patternOf = (text: string): string | undefined => {
  const pattern = text.trim();
  return pattern !== '' && EVENT_PATTERN.test(pattern) ? pattern : undefined;
};

/** the API's query for the filters (what is not valid yet is left out) */
export const queryOf = (filters: LogFilters): DeliveryQuery => {
  const query: DeliveryQuery = {};
  if (filters.status) query.status = filters.status;
  const eventType = patternOf(filters.eventType);
  if (eventType) query.eventType = eventType;
  if (!rangeInverted(filters)) {
    const from = fromLocalInput(filters.from);
    const to = fromLocalInput(filters.to);
    if (from) query.from = from;
    if (to) query.to = to;
  }
  return query;
};
