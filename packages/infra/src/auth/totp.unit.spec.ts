import { describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { createTotp, TOTP_STEP_SECONDS } from './totp';

const t0 = Date.parse('2026-03-01T10:00:00Z');
const totp = createTotp({ now: () => t0 });

describe('Totp', () => {
  it('matches the current code and answers its time step', () => {
    const secret = totp.generateSecret();
    expect(totp.match(totp.generate(secret, t0), secret, t0)).toBe(Math.floor(t0 / 1000 / TOTP_STEP_SECONDS));
  });

  it('accepts the previous and the next step for clock drift, with their own step numbers', () => {
    const secret = totp.generateSecret();
    const step = totp.timeStep(t0);
    expect(totp.match(totp.generate(secret, t0 - 30_000), secret, t0)).toBe(step - 1);
    expect(totp.match(totp.generate(secret, t0 + 30_000), secret, t0)).toBe(step + 1);
  });

  it('refuses a code two steps old, a wrong code and a malformed one', () => {
    const secret = totp.generateSecret();
    expect(totp.match(totp.generate(secret, t0 - 60_000), secret, t0)).toBeNull();
    const right = totp.generate(secret, t0);
    expect(totp.match(right === '000000' ? '111111' : '000000', secret, t0)).toBeNull();
    expect(totp.match('12 345', secret, t0)).toBeNull();
  });

  it('makes codes any RFC 6238 authenticator agrees with', () => {
    const secret = totp.generateSecret();
    expect(authenticator.clone({ epoch: t0 }).generate(secret)).toBe(totp.generate(secret, t0));
  });

  it('puts the secret and the issuer in the otpauth URL', () => {
    const url = new URL(totp.otpauthUrl('ann@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Stramien');
  });

  it('draws the QR code as a PNG data URL', async () => {
    expect(await totp.qrCodeDataUrl('otpauth://totp/Stramien:ann?secret=JBSWY3DPEHPK3PXP')).toMatch(/^data:image\/png;base64,/);
  });
});
