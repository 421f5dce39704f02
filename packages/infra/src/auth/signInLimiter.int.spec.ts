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
  it('slows down after the free attempts, doubling the delay', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.failure({ account: 'a' });
    await l.guard({ account: 'a' });
    expect(slept).toEqual([500]);
  });
  it('locks the account, for any address, and unlocks after the lock time', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.failure({ account: 'a', address: '1.1.1.1' });
    await expect(l.guard({ account: 'a', address: '9.9.9.9' })).rejects.toBeInstanceOf(SignInLockedError);
    clock += 121_000;
    await expect(l.guard({ account: 'a', address: '9.9.9.9' })).resolves.toBeUndefined();
  });
  it('locks an address that tries many accounts', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.failure({ account: `user${i}`, address: '6.6.6.6' });
    await expect(l.guard({ account: 'fresh', address: '6.6.6.6' })).rejects.toThrow(/Too many sign-in attempts/);
  });
  it('forgets failures outside the window and clears the account on success', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.failure({ account: 'a' });
    clock += 61_000;
    await l.guard({ account: 'a' });
    expect(slept).toEqual([]);
    for (let i = 0; i < 4; i++) await l.failure({ account: 'b' });
    await l.success({ account: 'b' });
    await l.guard({ account: 'b' });
    expect(slept).toEqual([]);
  });
});
