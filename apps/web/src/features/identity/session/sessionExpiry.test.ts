import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPIRY_WARNING_MS, watchSessionExpiry } from './sessionExpiry';
import { clearToken, storeToken } from './tokenStorage';

describe('watchSessionExpiry', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const watch = () => {
    const calls: string[] = [];
    stop = watchSessionExpiry({ warn: (minutes) => calls.push(`warn ${minutes}`), expire: () => calls.push('expire') });
    return calls;
  };

  it('warns 5 minutes before the token expires, and signals the expiry at it', () => {
    storeToken('jwt', 3600);
    const calls = watch();
    vi.advanceTimersByTime(3600_000 - EXPIRY_WARNING_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['warn 5']);
    vi.advanceTimersByTime(EXPIRY_WARNING_MS);
    expect(calls).toEqual(['warn 5', 'expire']);
  });

  it('warns at once when less time is left, in whole minutes', () => {
    storeToken('jwt', 150);
    const calls = watch();
    expect(calls).toEqual(['warn 3']);
  });

  it('reschedules for a new token and stops after sign-out', () => {
    storeToken('jwt-1', 600);
    const calls = watch();
    storeToken('jwt-2', 3600);
    vi.advanceTimersByTime(600_000);
    expect(calls).toEqual([]);
    clearToken();
    vi.advanceTimersByTime(3600_000);
    expect(calls).toEqual([]);
  });

  it('does nothing without a token', () => {
    const calls = watch();
    vi.advanceTimersByTime(24 * 3600_000);
    expect(calls).toEqual([]);
  });
});
