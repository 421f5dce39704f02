/** User-facing texts of the labels context; the spec's own texts are quoted exactly. */
export const labelMessages = {
  /** spec 1 §5, spec 2 §5 */
  invalidColor: 'Invalid HEX color.',
  /** spec 1 §5 'Required.' */
  titleRequired: 'Required.',
  titleTooLong: 'Max 100 characters',
  notFound: 'Label not found.',
  alreadyExists: 'This label already exists.',
  created: 'Label {title} created',
  updated: 'Label {title} updated',
  deleted: 'Label deleted',
} as const;
