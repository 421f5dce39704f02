import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secretBox';

const key = (s: string) => new TextEncoder().encode(s.padEnd(48, '#'));
const box = createSecretBox({ secret: key('jwt-secret-a'), purpose: 'two-factor' });

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed form does not contain the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.split('.')).toHaveLength(4);
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same text differently each time', () => {
    expect(box.seal('x', 'user-1')).not.toBe(box.seal('x', 'user-1'));
  });

  it('refuses to open for another context (user)', () => {
    expect(() => box.open(box.seal('secret', 'user-1'), 'user-2')).toThrow(SecretBoxError);
  });

  it('refuses a value sealed with another JWT secret or for another purpose', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => createSecretBox({ secret: key('jwt-secret-b'), purpose: 'two-factor' }).open(sealed, 'user-1')).toThrow(SecretBoxError);
    expect(() => createSecretBox({ secret: key('jwt-secret-a'), purpose: 'other' }).open(sealed, 'user-1')).toThrow(SecretBoxError);
  });

  it('refuses an altered value', () => {
    const [v, iv, ct, tag] = box.seal('secret', 'user-1').split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'user-1')).toThrow(SecretBoxError);
    expect(() => box.open('garbage', 'user-1')).toThrow(SecretBoxError);
  });
});
