import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { evolveLabel, initialLabelState, isHexColor, LABEL_TITLE_MAX, normaliseHexColor, type LabelEvent, type LabelState } from './label';
import { labelMessages } from './messages';

/** Who may send them (licence admin for licence-wide labels, the labels app for project labels) is checked by the route. */
export type CreateLabel = Command<
  'CreateLabel',
  { labelId: string; licenceId: string; projectId: string | null; title: string; color: string }
>;
export type UpdateLabel = Command<'UpdateLabel', { title?: string; color?: string }>;
export type DeleteLabel = Command<'DeleteLabel', Record<string, never>>;
export type LabelCommand = CreateLabel | UpdateLabel | DeleteLabel;

const invalid = (field: 'title' | 'color', message: string) => new DomainError(message, 422, { [field]: [message] });

const checkTitle = (title: string): DomainError | null => {
  if (title === '') return invalid('title', labelMessages.titleRequired);
  if (title.length > LABEL_TITLE_MAX) return invalid('title', labelMessages.titleTooLong);
  return null;
};
const checkColor = (color: string): DomainError | null => (isHexColor(color) ? null : invalid('color', labelMessages.invalidColor));
const notFound = () => new DomainError(labelMessages.notFound, 404);

export const createLabel = (command: CreateLabel, state: LabelState): LabelEvent[] | DomainError => {
  if (state.exists) return new DomainError(labelMessages.alreadyExists, 409);
  const title = command.data.title.trim();
  const error = checkTitle(title) ?? checkColor(command.data.color);
  if (error) return error;
  return [{ type: 'LabelCreated', data: { ...command.data, title, color: normaliseHexColor(command.data.color) } }];
};

export const updateLabel = (command: UpdateLabel, state: LabelState): LabelEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  const title = command.data.title?.trim() ?? state.title;
  const error = checkTitle(title) ?? (command.data.color === undefined ? null : checkColor(command.data.color));
  if (error) return error;
  const color = command.data.color === undefined ? state.color : normaliseHexColor(command.data.color);
  if (title === state.title && color === state.color) return [];
  return [{ type: 'LabelUpdated', data: { labelId: state.labelId, title, color } }];
};

export const deleteLabel = (_command: DeleteLabel, state: LabelState): LabelEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  return [{ type: 'LabelDeleted', data: { labelId: state.labelId } }];
};

export const decideLabel = (command: LabelCommand, state: LabelState): LabelEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateLabel':
      return createLabel(command, state);
    case 'UpdateLabel':
      return updateLabel(command, state);
    case 'DeleteLabel':
      return deleteLabel(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const labelDecider: Decider<LabelCommand, LabelEvent, LabelState> = {
  initialState: initialLabelState,
  evolve: evolveLabel,
  decide: decideLabel,
};
