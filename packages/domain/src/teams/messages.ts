/**
 * User-facing texts of the teams context. The spec's own texts (spec 2 §8) are quoted exactly; the web app
 * shows the success and failure texts around the server's message.
 */
export const teamMessages = {
  /** spec 2 §8 */
  created: 'Successfully created team {name}',
  /** spec 2 §8 */
  deleted: 'Successfully deleted team',
  /** spec 2 §8 */
  createFailed: 'Failed to create team. {message}',
  /** spec 2 §8 */
  updateFailed: 'Failed to update team. {message}',
  /** spec 2 §8 */
  deleteFailed: 'Failed to deleted team. {message}',
  /** spec 1 §5 'Required.' */
  nameRequired: 'Required.',
  nameTooLong: 'Max 100 characters',
  nameTaken: 'A team with this name already exists in this project.',
  notFound: 'Team not found.',
  alreadyExists: 'This team already exists.',
  userNotFound: 'User not found.',
  moduleNotFound: 'Module not found.',
  moduleNotInProject: 'This module is not added to the project.',
  duplicateSbsCode: 'Every SBS code can be listed once.',
  duplicateWorkflow: 'Every workflow can be listed once.',
} as const;
