/**
 * Texts of the task parts' HTTP routes (appendix uploads) that the tasks domain does not have; Stramien's wording,
 * the spec is silent (docs/tasks.md "Parts over HTTP").
 */
export const taskPartMessages = {
  invalidBase64: 'The file is not valid base64.',
} as const;
