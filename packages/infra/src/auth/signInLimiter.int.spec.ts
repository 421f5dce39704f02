import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import type { DocumentStore } from '../documentStore/documentStore';
import { createSignInLimiter, SignInLockedError } from './signInLimiter';

let dir: string;
let store: DocumentStore;
let clock: number;
let slept: number[];
const limiter = () =>
  createSignInLimiter({
    documentStore: store,
    freeAttempts: 3,
    lockAfter: 5,
    windowMs: 60_000,
    lockMs: 120_000,
    now: () => clock,
    sleep: async (ms) => void slept.push(ms),
  });
type Limiter = ReturnType<typeof limiter>;
const fail = async (l: Limiter, keys: { account?: string; address?: string }, times: number) => {
  for (let i = 0; i < times; i++) await l.failure(keys);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limiter-'));
  store = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  clock = 1_000_000;
  slept = [];
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SignInLimiter', () => {
  it('lets the first failures through without delay', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) {
      await l.guard({ account: 'a', address: '1.2.3.4' });
      await l.failure({ account: 'a', address: '1.2.3.4' });
    }
    expect(slept).toEqual([]);
  });

  describe('when one address guesses one account (brute force on a pair)', () => {
    it('slows down after the free attempts, doubling the delay', async () => {
      const l = limiter();
      await fail(l, { account: 'a', address: '1.1.1.1' }, 4);
      await l.guard({ account: 'a', address: '1.1.1.1' });
      expect(slept).toEqual([500]);
    });
    it('locks the pair with the lock time as Retry-After, and unlocks after it', async () => {
      const l = limiter();
      await fail(l, { account: 'a', address: '1.1.1.1' }, 5);
      const locked = await l.guard({ account: 'a', address: '1.1.1.1' }).catch((e: unknown) => e);
      expect(locked).toBeInstanceOf(SignInLockedError);
      expect((locked as SignInLockedError).retryAfterSeconds).toBe(120);
      expect((locked as SignInLockedError).message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
      clock += 121_000;
      await expect(l.guard({ account: 'a', address: '1.1.1.1' })).resolves.toBeUndefined();
    });
  });

  describe("when an attacker fails on a victim's account from one address", () => {
    it('does not stop the victim signing in from another address, only slows it a little', async () => {
      const l = limiter();
      await fail(l, { account: 'victim', address: '6.6.6.6' }, 5);
      await expect(l.guard({ account: 'victim', address: '6.6.6.6' })).rejects.toBeInstanceOf(SignInLockedError);
      slept = [];
      await expect(l.guard({ account: 'victim', address: '9.9.9.9' })).resolves.toBeUndefined();
      expect(slept).toEqual([250]);
      await l.success({ account: 'victim', address: '9.9.9.9' });
      // the attacker stays locked out; the victim's success cleared the account's count
      await expect(l.guard({ account: 'victim', address: '6.6.6.6' })).rejects.toBeInstanceOf(SignInLockedError);
      slept = [];
      await l.guard({ account: 'victim', address: '9.9.9.9' });
      expect(slept).toEqual([]);
    });
    it('locks other failing addresses sooner while the account is under attack, never a clean one', async () => {
      const l = limiter();
      await fail(l, { account: 'victim', address: '6.6.6.6' }, 5);
      // a second attacking address: locked at the free attempts (3), not at 5
      await fail(l, { account: 'victim', address: '7.7.7.7' }, 3);
      await expect(l.guard({ account: 'victim', address: '7.7.7.7' })).rejects.toBeInstanceOf(SignInLockedError);
      // a victim who mistyped once from a clean address is not locked
      await l.failure({ account: 'victim', address: '9.9.9.9' });
      await expect(l.guard({ account: 'victim', address: '9.9.9.9' })).resolves.toBeUndefined();
      await expect(l.guard({ account: 'victim', address: '8.8.8.8' })).resolves.toBeUndefined();
      // the account's count slows every attempt on it, doubling
      expect(slept.at(-1)).toBe(250 * 2 ** 4);
    });
  });

  describe('when many accounts share one address (a NAT)', () => {
    it("one account's failures do not block the other accounts behind it", async () => {
      const l = limiter();
      await fail(l, { account: 'careless', address: '10.0.0.1' }, 5);
      await expect(l.guard({ account: 'careless', address: '10.0.0.1' })).rejects.toBeInstanceOf(SignInLockedError);
      for (const account of ['b', 'c', 'd']) await expect(l.guard({ account, address: '10.0.0.1' })).resolves.toBeUndefined();
      expect(slept).toEqual([]);
    });
    it('locks an address that tries many accounts, at ten times the per-pair limit', async () => {
      const l = limiter();
      for (let i = 0; i < 49; i++) await l.failure({ account: `user${i}`, address: '6.6.6.6' });
      await expect(l.guard({ account: 'fresh', address: '6.6.6.6' })).resolves.toBeUndefined();
      await l.failure({ account: 'user49', address: '6.6.6.6' });
      await expect(l.guard({ account: 'fresh', address: '6.6.6.6' })).rejects.toThrow(/Too many sign-in attempts/);
    });
  });

  describe('with an address key alone (the maintenance secret)', () => {
    it('locks it at the per-pair limit', async () => {
      const l = limiter();
      await fail(l, { address: 'maintenance|1.1.1.1' }, 5);
      await expect(l.guard({ address: 'maintenance|1.1.1.1' })).rejects.toBeInstanceOf(SignInLockedError);
      await expect(l.guard({ address: 'maintenance|2.2.2.2' })).resolves.toBeUndefined();
    });
  });

  it('forgets failures outside the window and clears the account on success', async () => {
    const l = limiter();
    await fail(l, { account: 'a' }, 4);
    clock += 61_000;
    await l.guard({ account: 'a' });
    expect(slept).toEqual([]);
    await fail(l, { account: 'b' }, 4);
    await l.success({ account: 'b' });
    await l.guard({ account: 'b' });
    expect(slept).toEqual([]);
  });
});
