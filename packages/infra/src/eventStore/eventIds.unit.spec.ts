import { describe, expect, it } from 'vitest';
import { newEventId } from './eventIds';

describe('newEventId', () => {
  it('makes RFC 9562 version 7 UUIDs', () => {
    expect(newEventId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('keeps ids strictly increasing, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newEventId(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('puts the time first, and stays ordered when the clock goes back', () => {
    const a = newEventId(2_000_000_000_000);
    expect(a.startsWith('01d1a94a-2000')).toBe(true);
    expect(newEventId(1_999_999_999_000) > a).toBe(true);
  });
});
