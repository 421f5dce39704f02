/**
 * User-facing texts of the news (what's new) part of the notifications context. The spec gives no texts for the
 * admin side; these follow the spec's style ('Successfully created task ...').
 */
export const newsMessages = {
  notFound: 'News item not found.',
  alreadyExists: 'This news item already exists.',
  /** spec 1 §5 'Required.': the English title and description, the fallback of every reader */
  required: 'Required.',
  /** a button needs both its address and its English title */
  buttonTitleRequired: 'Please fill in the button title',
  buttonUrlRequired: 'Please fill in the button address',
  /** image and button addresses: http(s) or a path of this site */
  invalidLink: 'Enter a full web address starting with http:// or https://, or a path starting with /.',
  duplicateTag: 'Every tag can be listed once.',
  created: "Successfully created news item '{title}'",
  updated: 'Successfully updated news item',
  deleted: 'Successfully deleted news item',
} as const;
