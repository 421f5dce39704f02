/** A news item's stream: 'newsItem-<id>' (category 'newsItem'). */
export const toNewsItemStreamId = (newsItemId: string): string => `newsItem-${newsItemId}`;
/** A reader's news read time: 'newsReader-<userId>' (category 'newsReader'), one small stream per user. */
export const toNewsReaderStreamId = (userId: string): string => `newsReader-${userId}`;
