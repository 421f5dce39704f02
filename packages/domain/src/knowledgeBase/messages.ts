/** User-facing texts of the knowledge base (spec: not shown; in the style of the spec's own texts). */
export const knowledgeBaseMessages = {
  notFound: 'Article not found.',
  alreadyExists: 'This article already exists.',
  /** spec 1 §5 'Required.': the English title and text, the fallback of every reader */
  required: 'Required.',
  created: "Successfully created article '{title}'",
  updated: 'Successfully updated article',
  deleted: 'Successfully deleted article',
} as const;
