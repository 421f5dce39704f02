import { DomainError } from '../../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../../shared/decider';
import { format } from '../../shared/messages';
import { isSafeLink, normaliseTranslated } from '../../shared/translated';
import { newsMessages } from './messages';
import {
  evolveNewsItem,
  evolveNewsReader,
  initialNewsItemState,
  initialNewsReaderState,
  type NewsContent,
  type NewsItemEvent,
  type NewsItemState,
  type NewsReaderEvent,
  type NewsReaderState,
} from './newsItem';

/**
 * Commands of a news item. Only system admins send them (the contract's 'system-admin' policy, checked before
 * deciding); the rules here are about the content.
 */
export type CreateNewsItem = Command<'CreateNewsItem', { newsItemId: string; content: NewsContent }>;
export type UpdateNewsItem = Command<'UpdateNewsItem', { content: NewsContent }>;
export type DeleteNewsItem = Command<'DeleteNewsItem', Record<string, never>>;
export type NewsItemCommand = CreateNewsItem | UpdateNewsItem | DeleteNewsItem;

/** The content as stored: texts trimmed (blank languages left out), blank links null, tags trimmed without blanks. */
export const normaliseNewsContent = (content: NewsContent): NewsContent => {
  const link = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  return {
    translations: normaliseTranslated(content.translations),
    image: link(content.image),
    tags: content.tags.map((t) => t.trim()).filter((t) => t !== ''),
    autoOpen: content.autoOpen,
    buttonUrl: link(content.buttonUrl),
  };
};

/**
 * The field errors of normalised content, keyed by the API's field names: the English title and description are
 * required (every reader falls back to English); links are http(s) or a path of this site; a button has both its
 * address and its English title; tags are listed once.
 */
export const newsContentErrors = (content: NewsContent): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const en = content.translations.en;
  if (en.title === '') errors['translations.en.title'] = [newsMessages.required];
  if (en.description === '') errors['translations.en.description'] = [newsMessages.required];
  if (content.image !== null && !isSafeLink(content.image)) errors.image = [newsMessages.invalidLink];
  if (content.buttonUrl !== null && !isSafeLink(content.buttonUrl)) errors.button_url = [newsMessages.invalidLink];
  if (content.buttonUrl !== null && en.buttonTitle === '') errors['translations.en.button_title'] = [newsMessages.buttonTitleRequired];
  if (content.buttonUrl === null && en.buttonTitle !== '') errors.button_url = [newsMessages.buttonUrlRequired];
  const tags = content.tags.map((t) => t.toLocaleLowerCase());
  if (new Set(tags).size !== tags.length) errors.tags = [newsMessages.duplicateTag];
  return errors;
};

const invalid = (content: NewsContent): DomainError | null => {
  const errors = newsContentErrors(content);
  const first = Object.values(errors)[0]?.[0];
  return first ? new DomainError(first, 422, errors) : null;
};

const notFound = () => new DomainError(newsMessages.notFound, 404);
const sameContent = (a: NewsContent, b: NewsContent): boolean => JSON.stringify(a) === JSON.stringify(b);

export const createNewsItem = (command: CreateNewsItem, state: NewsItemState): NewsItemEvent[] | DomainError => {
  if (state.exists) return new DomainError(newsMessages.alreadyExists, 409);
  const content = normaliseNewsContent(command.data.content);
  return invalid(content) ?? [{ type: 'NewsItemCreated', data: { newsItemId: command.data.newsItemId, ...content } }];
};

export const updateNewsItem = (command: UpdateNewsItem, state: NewsItemState): NewsItemEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  const content = normaliseNewsContent(command.data.content);
  const refused = invalid(content);
  if (refused) return refused;
  // saving unchanged content does not make the item unread for everybody again
  if (sameContent(content, state.content)) return [];
  return [{ type: 'NewsItemUpdated', data: { newsItemId: state.newsItemId, ...content } }];
};

export const deleteNewsItem = (_command: DeleteNewsItem, state: NewsItemState): NewsItemEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  return [{ type: 'NewsItemDeleted', data: { newsItemId: state.newsItemId } }];
};

export const decideNewsItem = (command: NewsItemCommand, state: NewsItemState): NewsItemEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateNewsItem':
      return createNewsItem(command, state);
    case 'UpdateNewsItem':
      return updateNewsItem(command, state);
    case 'DeleteNewsItem':
      return deleteNewsItem(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const newsItemDecider: Decider<NewsItemCommand, NewsItemEvent, NewsItemState> = {
  initialState: initialNewsItemState,
  evolve: evolveNewsItem,
  decide: decideNewsItem,
};

/** Opening the news panel marks all news read by storing the current time (spec 1 §4), per user on the server. */
export type MarkNewsRead = Command<'MarkNewsRead', { userId: string }>;
export type NewsReaderCommand = MarkNewsRead;

export const markNewsRead = (command: MarkNewsRead, state: NewsReaderState): NewsReaderEvent[] | DomainError => {
  const now = command.metadata.now;
  // a read time never goes back (two tabs, a slow clock): a later one already covers this
  if (state.readAt !== null && Date.parse(state.readAt) >= Date.parse(now)) return [];
  return [{ type: 'NewsMarkedRead', data: { userId: command.data.userId, readAt: now } }];
};

export const decideNewsReader = (command: NewsReaderCommand, state: NewsReaderState): NewsReaderEvent[] | DomainError => {
  switch (command.type) {
    case 'MarkNewsRead':
      return markNewsRead(command, state);
    default: {
      const _exhaustive: never = command.type;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const newsReaderDecider: Decider<NewsReaderCommand, NewsReaderEvent, NewsReaderState> = {
  initialState: initialNewsReaderState,
  evolve: evolveNewsReader,
  decide: decideNewsReader,
};

/** "Successfully created news item '{title}'" for a title. */
export const newsItemCreatedMessage = (title: string): string => format(newsMessages.created, { title });
