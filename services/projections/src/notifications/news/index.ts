import type { Projection } from '../../runner/projection';
import { newsItemsProjection } from './newsItems';
import { newsReadersProjection } from './newsReaders';

/** Read models of the news (what's new) part of the notifications context. */
export const newsProjections: Projection[] = [newsItemsProjection, newsReadersProjection] as unknown as Projection[];
