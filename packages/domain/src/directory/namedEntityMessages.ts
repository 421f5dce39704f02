/** The named entities' texts, in a module of their own without zod: the web app's message catalogue imports them. */
export const namedEntityMessages = {
  /** spec 1 §5 'Required.' */
  nameRequired: 'Required.',
  nameTooLong: 'Max 100 characters',
  descriptionTooLong: 'Max 500 characters',
  nameTaken: 'This name is already used in the licence.',
  alreadyExists: 'This already exists.',
} as const;
