/**
 * User-facing texts of the tasks context. The spec's own texts (spec 1 §5, §8; spec 3 §4) are quoted exactly;
 * the rest is Stramien's wording where the spec is silent (docs/tasks.md).
 */
export const taskMessages = {
  /** spec 3 §4 */
  created: "Successfully created task '{title}'",
  /** spec 1 §8, spec 3 §4 */
  updated: 'Successfully updated task',
  /** spec 1 §8 */
  empty: 'No tasks found',
  /** spec 1 §5 */
  required: 'Required.',
  /** spec 1 §5 */
  titleRequired: 'Please fill in the tasks title',
  /** spec 1 §5 */
  assigneeRequired: 'Please add an assigned user',
  /** spec 1 §5 */
  descriptionTooLong: 'Max 250 characters',
  /** spec 1 §5: "An automation id must be set for automated tasks." */
  automationRequired: 'An automation id must be set for automated tasks.',
  titleTooLong: 'Max 250 characters',
  invalidPriority: 'Choose a priority: low, normal, high or urgent.',
  invalidNumber: 'A task number is a positive whole number.',
  invalidTaskType: 'Unknown task type.',
  invalidDate: 'Not a valid date.',
  plannedEndBeforeStart: 'The planned end cannot be before the planned start.',
  assigneeCannotSeeProject: 'The assigned user has no access to this project.',
  notFound: 'Task not found.',
  alreadyExists: 'This task already exists.',
  parentNotFound: 'Parent task not found.',
  parentIsSelf: 'A task cannot be its own parent.',
  parentCycle: 'This parent would make the task a subtask of itself.',
  hasChildren: 'This task has subtasks. Delete them first.',
  alreadyClosed: 'This task is already closed.',
  alreadyCanceled: 'This task is already canceled.',
  alreadyOpen: 'This task is already open.',
  closeCanceled: 'A canceled task cannot be closed. Reopen it first.',
  cancelClosed: 'A closed task cannot be canceled. Reopen it first.',
  notOpen: 'This task is {status}. Reopen it to change it.',
  notAutomated: 'This task has no automation to execute.',
  executeNotOpen: 'Only an open task can be executed.',
  checkNotFound: 'Check not found.',
  checkExists: 'This check already exists.',
  tooManyChecks: 'A task has at most {max} checks.',
  appendixNotFound: 'Appendix not found.',
  appendixExists: 'This appendix already exists.',
  appendixTooLarge: 'The file is larger than {max} MB.',
  appendixEmpty: 'The file is empty.',
  appendixType: 'This type of file cannot be attached.',
  tooManyAppendixes: 'A task has at most {max} appendixes.',
  messageTooLong: 'Max 2000 characters',
  labelNotOnTask: 'This label is not on the task.',
  relationNotFound: 'Relation not found.',
  relationToSelf: 'A task cannot be related to itself.',
  relatedTaskNotFound: 'Related task not found.',
  relationCycle: 'This relation would create a cycle: a task would (indirectly) precede itself.',
  tooManyRelations: 'A task has at most {max} relations.',
  unknownAssignee: 'Unknown user.',
  unknownLabel: 'Unknown label: {label}.',
  unknownProject: 'Unknown project.',
  invalidBoolean: 'Use true or false.',
  importChunkTooLarge: 'Send at most {max} tasks at a time.',
  importRowsInvalid: '{count} rows have errors; nothing of this chunk was imported.',
  /** spec 3 §4 */
  imported: 'All tasks imported successfully',
  /** answers of the task routes where the spec gives no text (docs/tasks.md) */
  closed: 'Task closed',
  canceled: 'Task canceled',
  reopened: 'Task reopened',
  executed: 'The automation of this task has been started.',
  deleted: 'Task deleted',
  deletedMany: '{count} tasks deleted',
} as const;
