import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUserStreamId } from '@stramien/domain';
import { sessionsProjection, type SessionDoc } from './sessions';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';

const stream = toUserStreamId('u-1');
let read: ProjectionHarness;
beforeEach(async () => {
  read = await startProjection(sessionsProjection);
});
afterEach(() => read.stop());

const signedIn = (sessionId: string, at: string) => ({
  type: 'UserSignedIn',
  data: { userId: 'u-1', sessionId, deviceId: 'd1', newDevice: false, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
  at,
});

describe('the sessions read model', () => {
  it('holds one document per sign-in, with its device and time', async () => {
    await read.append(stream, [signedIn('s1', '2026-01-01T08:00:00.000Z'), signedIn('s2', '2026-01-02T08:00:00.000Z')]);
    expect(await read.find('s1')).toMatchObject({
      userId: 'u-1',
      deviceId: 'd1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
      signedInAt: '2026-01-01T08:00:00.000Z',
      revokedAt: null,
    } satisfies Partial<SessionDoc>);
    expect(await read.find('s2')).toMatchObject({ signedInAt: '2026-01-02T08:00:00.000Z', revokedAt: null });
  });

  describe('when signed out', () => {
    it('marks only that session revoked', async () => {
      await read.append(stream, [
        signedIn('s1', '2026-01-01T08:00:00.000Z'),
        signedIn('s2', '2026-01-01T09:00:00.000Z'),
        { type: 'UserSignedOut', data: { userId: 'u-1', sessionId: 's1' }, at: '2026-01-01T10:00:00.000Z' },
      ]);
      expect(await read.find('s1')).toMatchObject({ revokedAt: '2026-01-01T10:00:00.000Z' });
      expect(await read.find('s2')).toMatchObject({ revokedAt: null });
    });
    it('does not invent a session it never saw', async () => {
      await read.append(stream, [{ type: 'UserSignedOut', data: { userId: 'u-1', sessionId: 'unknown' } }]);
      expect(await read.find('unknown')).toBeNull();
    });
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await read.append(stream, [
      signedIn('s1', '2026-01-01T08:00:00.000Z'),
      { type: 'UserSignedOut', data: { userId: 'u-1', sessionId: 's1' }, at: '2026-01-01T10:00:00.000Z' },
    ]);
    const { once, twice } = await read.handleTwice([stream], 's1');
    expect(once).toMatchObject({ revokedAt: '2026-01-01T10:00:00.000Z' });
    expect(twice).toEqual(once);
  });
});
