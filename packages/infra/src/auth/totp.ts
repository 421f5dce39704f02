import { authenticator } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/**
 * RFC 6238 time-based one-time passwords (otplib's authenticator: SHA-1, 6 digits, 30 s, base32 secrets, as every
 * authenticator app expects). `match` answers the TOTP time step a code belongs to, so the caller can refuse a step
 * it has seen before (replay); `window` steps before and after now are accepted for clock drift.
 */
export const createTotp = (options: { issuer?: string; window?: number; now?: () => number } = {}) => {
  const issuer = options.issuer ?? 'Stramien';
  const window = options.window ?? 1;
  const now = options.now ?? Date.now;
  const at = (epochMs: number) => authenticator.clone({ epoch: epochMs, window, step: TOTP_STEP_SECONDS, digits: TOTP_DIGITS });
  const timeStep = (epochMs: number = now()): number => Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS);
  return {
    issuer,
    timeStep,
    /** a new random secret (160 bits, base32) */
    generateSecret: (): string => authenticator.generateSecret(20),
    /** the otpauth:// URL authenticator apps read from the QR code */
    otpauthUrl: (account: string, secret: string): string => authenticator.keyuri(account, issuer, secret),
    /** the QR code of an otpauth URL as a PNG data URL */
    qrCodeDataUrl: (otpauthUrl: string): Promise<string> =>
      QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    /** the code of `secret` at a time (tests, tools) */
    generate: (secret: string, epochMs: number = now()): string => at(epochMs).generate(secret),
    /** the time step of the matching code, or null when the code does not match inside the window */
    match(code: string, secret: string, epochMs: number = now()): number | null {
      if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
      const delta = at(epochMs).checkDelta(code, secret);
      return delta === null ? null : timeStep(epochMs) + delta;
    },
  };
};
export type Totp = ReturnType<typeof createTotp>;
