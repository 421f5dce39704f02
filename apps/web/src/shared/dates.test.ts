import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  const at = '2026-03-04T09:05:00Z';

  it('writes a date the Dutch way in Dutch and the German way in German, not the US way', () => {
    expect(formatDate(at, 'nl')).toBe('4 mrt 2026');
    expect(formatDate(at, 'de')).toBe('04.03.2026');
    expect(formatDate(at, 'en')).toBe('Mar 4, 2026');
  });

  it('writes day before month in a Dutch date and time', () => {
    expect(formatDateTime(at, 'nl')).toMatch(/^04-03-2026/);
    expect(formatDateTime(at, 'de')).toMatch(/^04\.03\.26/);
  });

  it('writes nothing for an invalid value', () => {
    expect(formatDateTime('not a date', 'nl')).toBe('');
  });
});
