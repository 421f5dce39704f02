import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRES_AT_KEY, TOKEN_KEY, dropExpiredToken, getDeviceId, readToken, storeToken } from './tokenStorage';

const now = Date.parse('2025-03-01T10:00:00Z');

describe('token storage', () => {
  beforeEach(() => localStorage.clear());

  describe('when the stored token has expired at start', () => {
    it('removes the token and its expiry', () => {
      storeToken('jwt-1', 60, now - 120_000);
      expect(dropExpiredToken(now)).toBe(true);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(TOKEN_EXPIRES_AT_KEY)).toBeNull();
      expect(readToken(now)).toBeNull();
    });
  });

  describe('when the stored token is still valid at start', () => {
    it('keeps it', () => {
      storeToken('jwt-1', 3600, now);
      expect(dropExpiredToken(now + 1000)).toBe(false);
      expect(readToken(now + 1000)).toBe('jwt-1');
    });

    it('treats the token as expired from its expiry on', () => {
      storeToken('jwt-1', 60, now);
      expect(readToken(now + 59_999)).toBe('jwt-1');
      expect(readToken(now + 60_000)).toBeNull();
    });
  });

  describe('when a token has no readable expiry', () => {
    it('removes it at start', () => {
      localStorage.setItem(TOKEN_KEY, 'jwt-1');
      expect(dropExpiredToken(now)).toBe(true);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    });
  });

  describe('when nothing is stored', () => {
    it('removes nothing', () => {
      expect(dropExpiredToken(now)).toBe(false);
    });
  });

  it('creates the device id once and keeps it', () => {
    const first = getDeviceId();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(getDeviceId()).toBe(first);
    expect(localStorage.getItem('stramien.deviceId')).toBe(first);
  });
});
