/** User-facing texts of the boards context (spec 2 gives none; Stramien's wording, docs/tasks.md). */
export const boardMessages = {
  /** spec 1 §5 'Required.' */
  nameRequired: 'Required.',
  nameTooLong: 'Max 100 characters',
  notFound: 'Board not found.',
  alreadyExists: 'This board already exists.',
  laneNotFound: 'Lane not found.',
  laneExists: 'This lane already exists.',
  tooManyLanes: 'A board has at most {max} lanes.',
  laneFull: 'A lane keeps the order of at most {max} cards.',
  ruleTaken: 'Another lane of this board already has this rule.',
  ruleTargetNotFound: 'The user or label of this lane was not found.',
  created: 'Board {name} created',
  deleted: 'Board deleted',
  /** spec 1 §8 empty state of task lists, used for an empty lane too */
  empty: 'No tasks found',
} as const;
