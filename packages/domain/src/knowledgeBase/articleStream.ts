/** A knowledge-base article's stream: 'knowledgeBaseArticle-<id>' (category 'knowledgeBaseArticle'). */
export const toKnowledgeBaseArticleStreamId = (articleId: string): string => `knowledgeBaseArticle-${articleId}`;
/** The stream category of articles (the starter set is seeded only when the log has none). */
export const KNOWLEDGE_BASE_ARTICLE_CATEGORY = 'knowledgeBaseArticle';
