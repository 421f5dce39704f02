import { afterEach, describe, expect, it } from 'vitest';
import { toNewsItemStreamId, toNewsReaderStreamId } from '@stramien/domain';
import { startProjection, type ProjectionHarness } from '../../testing/projectionHarness';
import { newsItemsProjection, type NewsItemDoc } from './newsItems';
import { newsReadersProjection, type NewsReaderDoc } from './newsReaders';

const content = {
  translations: { en: { title: 'Boards', description: 'Drag cards', buttonTitle: '' } },
  image: null,
  tags: ['tasks'],
  autoOpen: true,
  buttonUrl: null,
};

let harness: ProjectionHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe('the newsItems read model', () => {
  it('keeps the creation time and takes each change time as updated_at; a deletion removes the item', async () => {
    harness = await startProjection(newsItemsProjection);
    const stream = toNewsItemStreamId('n1');
    await harness.append(stream, [{ type: 'NewsItemCreated', data: { newsItemId: 'n1', ...content }, at: '2026-03-01T10:00:00.000Z' }]);
    await harness.append(stream, [
      { type: 'NewsItemUpdated', data: { newsItemId: 'n1', ...content, autoOpen: false }, at: '2026-03-02T10:00:00.000Z' },
    ]);
    expect((await harness.find('n1')) as NewsItemDoc).toMatchObject({
      _id: 'n1',
      translations: content.translations,
      autoOpen: false,
      tags: ['tasks'],
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
    const { once, twice } = await harness.handleTwice([stream], 'n1');
    expect(twice).toEqual(once);
    await harness.append(stream, [{ type: 'NewsItemDeleted', data: { newsItemId: 'n1' } }]);
    expect(await harness.find('n1')).toBeNull();
  });
});

describe('the newsReaders read model', () => {
  it("holds each user's latest read time, the same when handled twice", async () => {
    harness = await startProjection(newsReadersProjection);
    const stream = toNewsReaderStreamId('u1');
    await harness.append(stream, [
      { type: 'NewsMarkedRead', data: { userId: 'u1', readAt: '2026-03-01T10:00:00.000Z' } },
      { type: 'NewsMarkedRead', data: { userId: 'u1', readAt: '2026-03-03T10:00:00.000Z' } },
    ]);
    expect((await harness.find('u1')) as NewsReaderDoc).toMatchObject({ _id: 'u1', readAt: '2026-03-03T10:00:00.000Z' });
    const { once, twice } = await harness.handleTwice([stream], 'u1');
    expect(twice).toEqual(once);
  });
});
