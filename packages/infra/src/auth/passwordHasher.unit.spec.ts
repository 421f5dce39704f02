import { describe, expect, it } from 'vitest';
import { createPasswordHasher, DEFAULT_SCRYPT } from './passwordHasher';

describe('PasswordHasher', () => {
  it('uses scrypt with N >= 2^17 and r = 8 by default', () => {
    expect(DEFAULT_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(DEFAULT_SCRYPT.r).toBe(8);
  });
  it('verifies a password against its stored hash and refuses another', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('Secret#123');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await hasher.verify('Secret#123', stored)).toBe(true);
    expect(await hasher.verify('Secret#124', stored)).toBe(false);
  });
  it('salts: the same password hashes differently', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    expect(await hasher.hash('a')).not.toBe(await hasher.hash('a'));
  });
  it('refuses a malformed stored hash', async () => {
    expect(await createPasswordHasher().verify('x', 'plain')).toBe(false);
  });
});
