import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { messages } from '../shared/messages';
import { isHexColour, normaliseHexColour } from './colour';
import { evolveLicence, initialLicenceState, type LicenceEvent, type LicenceState } from './licence';
import { licenceMessages } from './messages';

export type CreateLicence = Command<'CreateLicence', { licenceId: string; name: string; themePrimary: string | null }>;
/** Authorised by the handler (licence admin of this licence or system admin); absent fields stay as they are. */
export type UpdateLicence = Command<'UpdateLicence', { name?: string; themePrimary?: string | null }>;
export type LicenceCommand = CreateLicence | UpdateLicence;

const invalidColour = () => new DomainError(licenceMessages.invalidHexColour, 422, { 'theme.primary': [licenceMessages.invalidHexColour] });
const colourOf = (value: string | null): string | null | DomainError => {
  if (value === null) return null;
  return isHexColour(value) ? normaliseHexColour(value) : invalidColour();
};
const nameOf = (value: string): string | DomainError => {
  const name = value.trim();
  return name ? name : new DomainError(licenceMessages.required, 422, { name: [licenceMessages.required] });
};

export const createLicence = (command: CreateLicence, state: LicenceState): LicenceEvent[] | DomainError => {
  if (state.exists) return new DomainError(licenceMessages.exists, 409);
  if (!command.metadata.actor.isSystemAdmin) return new DomainError(messages.shared.forbidden, 403);
  const name = nameOf(command.data.name);
  if (name instanceof DomainError) return name;
  const themePrimary = colourOf(command.data.themePrimary);
  if (themePrimary instanceof DomainError) return themePrimary;
  return [{ type: 'LicenceCreated', data: { licenceId: command.data.licenceId, name, themePrimary } }];
};

export const updateLicence = (command: UpdateLicence, state: LicenceState): LicenceEvent[] | DomainError => {
  if (!state.exists) return new DomainError(licenceMessages.notFound, 404);
  const name = command.data.name === undefined ? state.name : nameOf(command.data.name);
  if (name instanceof DomainError) return name;
  const themePrimary = command.data.themePrimary === undefined ? state.themePrimary : colourOf(command.data.themePrimary);
  if (themePrimary instanceof DomainError) return themePrimary;
  if (name === state.name && themePrimary === state.themePrimary) return [];
  return [{ type: 'LicenceUpdated', data: { licenceId: state.licenceId, name, themePrimary } }];
};

export const decideLicence = (command: LicenceCommand, state: LicenceState): LicenceEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateLicence':
      return createLicence(command, state);
    case 'UpdateLicence':
      return updateLicence(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const licenceDecider: Decider<LicenceCommand, LicenceEvent, LicenceState> = {
  initialState: initialLicenceState,
  evolve: evolveLicence,
  decide: decideLicence,
};
