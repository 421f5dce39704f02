import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes the thousands separator of the interface language', () => {
    expect(formatCount(10_000, 'en')).toBe('10,000');
    expect(formatCount(10_000, 'nl')).toBe('10.000');
    expect(formatCount(1_234_567, 'de')).toBe('1.234.567');
    expect(formatCount(999, 'de')).toBe('999');
  });
});
