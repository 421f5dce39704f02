import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { normaliseTranslated } from '../shared/translated';
import { knowledgeBaseMessages } from './messages';
import { evolveArticle, initialArticleState, type ArticleContent, type ArticleState, type KnowledgeBaseEvent } from './article';

/** Commands of a knowledge-base article; only system admins send them (the contract's 'system-admin' policy). */
export type CreateArticle = Command<'CreateArticle', { articleId: string; content: ArticleContent }>;
export type UpdateArticle = Command<'UpdateArticle', { content: ArticleContent }>;
export type DeleteArticle = Command<'DeleteArticle', Record<string, never>>;
export type ArticleCommand = CreateArticle | UpdateArticle | DeleteArticle;

export const normaliseArticleContent = (content: ArticleContent): ArticleContent => ({
  translations: normaliseTranslated(content.translations),
  position: content.position,
});

/** Field errors keyed by the API's field names: the English title and body are required (every reader's fallback). */
export const articleContentErrors = (content: ArticleContent): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (content.translations.en.title === '') errors['translations.en.title'] = [knowledgeBaseMessages.required];
  if (content.translations.en.body === '') errors['translations.en.body'] = [knowledgeBaseMessages.required];
  return errors;
};

const invalid = (content: ArticleContent): DomainError | null => {
  const errors = articleContentErrors(content);
  const first = Object.values(errors)[0]?.[0];
  return first ? new DomainError(first, 422, errors) : null;
};
const notFound = () => new DomainError(knowledgeBaseMessages.notFound, 404);

export const createArticle = (command: CreateArticle, state: ArticleState): KnowledgeBaseEvent[] | DomainError => {
  if (state.exists) return new DomainError(knowledgeBaseMessages.alreadyExists, 409);
  const content = normaliseArticleContent(command.data.content);
  return invalid(content) ?? [{ type: 'KnowledgeBaseArticleCreated', data: { articleId: command.data.articleId, ...content } }];
};

export const updateArticle = (command: UpdateArticle, state: ArticleState): KnowledgeBaseEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  const content = normaliseArticleContent(command.data.content);
  const refused = invalid(content);
  if (refused) return refused;
  if (JSON.stringify(content) === JSON.stringify(state.content)) return [];
  return [{ type: 'KnowledgeBaseArticleUpdated', data: { articleId: state.articleId, ...content } }];
};

export const deleteArticle = (_command: DeleteArticle, state: ArticleState): KnowledgeBaseEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  return [{ type: 'KnowledgeBaseArticleDeleted', data: { articleId: state.articleId } }];
};

export const decideArticle = (command: ArticleCommand, state: ArticleState): KnowledgeBaseEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateArticle':
      return createArticle(command, state);
    case 'UpdateArticle':
      return updateArticle(command, state);
    case 'DeleteArticle':
      return deleteArticle(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const articleDecider: Decider<ArticleCommand, KnowledgeBaseEvent, ArticleState> = {
  initialState: initialArticleState,
  evolve: evolveArticle,
  decide: decideArticle,
};

/** "Successfully created article '{title}'" for a title. */
export const articleCreatedMessage = (title: string): string => format(knowledgeBaseMessages.created, { title });
