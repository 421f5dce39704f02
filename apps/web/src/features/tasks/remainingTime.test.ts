import { remainingTime } from '@stramien/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../shared/i18n';
import { formatRemainingTime } from './remainingTime';

const t = i18n.getFixedT(null, 'tasks');
const at = (due: string, now: string) => formatRemainingTime(remainingTime(due, now), t);

describe('formatRemainingTime', () => {
  afterEach(async () => changeLanguage('en'));

  it('shows weeks only when more than one whole week remains', () => {
    expect(at('2026-01-19T12:30:00Z', '2026-01-01T10:00:00Z')).toBe('2 weeks 4 days 2 h 30 min left');
    expect(at('2026-01-10T10:00:00Z', '2026-01-01T10:00:00Z')).toBe('9 days left');
  });

  it('shows overdue time in hours and minutes', () => {
    expect(at('2026-01-01T10:00:00Z', '2026-01-03T11:45:00Z')).toBe('49 h 45 min overdue');
  });

  it('says 0 min when the moment is now', () => {
    expect(at('2026-01-01T10:00:30Z', '2026-01-01T10:00:00Z')).toBe('0 min left');
  });

  it('speaks Dutch and German', async () => {
    await changeLanguage('nl');
    expect(formatRemainingTime(remainingTime('2026-01-02T11:00:00Z', '2026-01-01T10:00:00Z'), i18n.getFixedT(null, 'tasks'))).toBe(
      'nog 1 dag 1 u',
    );
    await changeLanguage('de');
    expect(formatRemainingTime(remainingTime('2026-01-01T10:00:00Z', '2026-01-01T12:05:00Z'), i18n.getFixedT(null, 'tasks'))).toBe(
      '2 Std. 5 Min. überfällig',
    );
  });
});
