import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toTwoFactorStreamId, type TwoFactorEvent } from '@stramien/domain';
import { twoFactorProjection, type TwoFactorDoc } from './twoFactor';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';

const U = 'u-1';
const stream = toTwoFactorStreamId(U);
let read: ProjectionHarness;
beforeEach(async () => {
  read = await startProjection(twoFactorProjection);
});
afterEach(() => read.stop());

const enabled: (TwoFactorEvent & { at?: string })[] = [
  { type: 'TwoFactorSecretGenerated', data: { userId: U, encryptedSecret: 'sealed' } },
  { type: 'TwoFactorCodeRejected', data: { userId: U, purpose: 'enable', reason: 'invalid' } },
  { type: 'TwoFactorCodeUsed', data: { userId: U, timeStep: 100, purpose: 'enable' }, at: '2026-01-01T08:00:00.000Z' },
  { type: 'TwoFactorEnabled', data: { userId: U }, at: '2026-01-01T08:00:00.000Z' },
  { type: 'TwoFactorCodeRejected', data: { userId: U, purpose: 'sign-in', reason: 'replayed' } },
  { type: 'TwoFactorCodeRejected', data: { userId: U, purpose: 'sign-in', reason: 'missing' } },
];

describe('the two-factor read model', () => {
  it('holds the status, when it was enabled, the last code and the failed attempts since, never the secret', async () => {
    await read.append(stream, enabled);
    const doc = await read.find(U);
    expect(doc).toMatchObject({
      enabled: true,
      enabledAt: '2026-01-01T08:00:00.000Z',
      lastUsedAt: '2026-01-01T08:00:00.000Z',
      failedAttempts: 2,
    } satisfies Partial<TwoFactorDoc>);
    expect(JSON.stringify(doc)).not.toContain('sealed');
  });

  describe('when a code is accepted', () => {
    it('clears the failed attempts', async () => {
      await read.append(stream, [
        ...enabled,
        { type: 'TwoFactorCodeUsed', data: { userId: U, timeStep: 101, purpose: 'sign-in' }, at: '2026-01-02T00:00:00.000Z' },
      ]);
      expect(await read.find(U)).toMatchObject({ failedAttempts: 0, lastUsedAt: '2026-01-02T00:00:00.000Z' });
    });
  });

  describe.each(['TwoFactorDisabled', 'TwoFactorReset'] as const)('when %s', (type) => {
    it('is off again', async () => {
      const data = type === 'TwoFactorReset' ? { userId: U, resetBy: 'admin' } : { userId: U };
      await read.append(stream, [...enabled, { type, data }]);
      expect(await read.find(U)).toMatchObject({ enabled: false, enabledAt: null });
    });
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await read.append(stream, enabled);
    const { once, twice } = await read.handleTwice([stream], U);
    expect(once).toMatchObject({ enabled: true, failedAttempts: 2 });
    expect(twice).toEqual(once);
  });
});
