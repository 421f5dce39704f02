import { describe, expect, it } from 'vitest';
import { createMaintenanceTokens } from './maintenanceToken';

const secret = new TextEncoder().encode('x'.repeat(48));
let clock = Date.parse('2026-03-01T10:00:00Z');
const tokens = createMaintenanceTokens({ secret, lifetimeMs: 600_000, now: () => clock });

describe('MaintenanceTokens', () => {
  it('accepts a token of the current period until its lifetime is over', () => {
    const { token, expiresAt } = tokens.issue(3);
    expect(expiresAt).toBe(clock + 600_000);
    expect(tokens.verify(token, 3)).toBe(true);
    clock += 599_999;
    expect(tokens.verify(token, 3)).toBe(true);
    clock += 1;
    expect(tokens.verify(token, 3)).toBe(false);
  });

  it('refuses a token of an earlier maintenance period', () => {
    expect(tokens.verify(tokens.issue(3).token, 4)).toBe(false);
  });

  it('refuses a forged or altered token', () => {
    const { token } = tokens.issue(1);
    const [period, , mac] = token.split('.');
    expect(tokens.verify(`${period}.${clock + 10_000_000}.${mac}`, 1)).toBe(false);
    expect(
      tokens.verify(createMaintenanceTokens({ secret: new TextEncoder().encode('y'.repeat(48)), lifetimeMs: 600_000 }).issue(1).token, 1),
    ).toBe(false);
    expect(tokens.verify('', 1)).toBe(false);
    expect(tokens.verify(undefined, 1)).toBe(false);
  });
});
