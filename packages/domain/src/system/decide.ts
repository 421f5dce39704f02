import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { messages } from '../shared/messages';
import { systemMessages } from './messages';
import { evolveMaintenance, initialMaintenanceState, type MaintenanceEvent, type MaintenanceState } from './maintenance';

/** secretHash is made by the handler (hashing is I/O-bound work, not the domain's) */
export type SwitchMaintenanceOn = Command<'SwitchMaintenanceOn', { secretHash: string }>;
export type SwitchMaintenanceOff = Command<'SwitchMaintenanceOff', Record<string, never>>;
export type MaintenanceCommand = SwitchMaintenanceOn | SwitchMaintenanceOff;

const mustBeSystemAdmin = (command: MaintenanceCommand): DomainError | null =>
  command.metadata.actor.isSystemAdmin ? null : new DomainError(messages.shared.forbidden, 403);

export const switchOn = (command: SwitchMaintenanceOn, state: MaintenanceState): MaintenanceEvent[] | DomainError => {
  const refused = mustBeSystemAdmin(command);
  if (refused) return refused;
  if (state.enabled) return new DomainError(systemMessages.alreadyOn, 409);
  if (!command.data.secretHash) return new DomainError(systemMessages.secretRequired, 422, { secret: [systemMessages.secretRequired] });
  return [{ type: 'MaintenanceEnabled', data: { secretHash: command.data.secretHash, enabledBy: command.metadata.actor.userId } }];
};

/** switching off what is off changes nothing */
export const switchOff = (command: SwitchMaintenanceOff, state: MaintenanceState): MaintenanceEvent[] | DomainError => {
  const refused = mustBeSystemAdmin(command);
  if (refused) return refused;
  if (!state.enabled) return [];
  return [{ type: 'MaintenanceDisabled', data: { disabledBy: command.metadata.actor.userId } }];
};

export const decideMaintenance = (command: MaintenanceCommand, state: MaintenanceState): MaintenanceEvent[] | DomainError => {
  switch (command.type) {
    case 'SwitchMaintenanceOn':
      return switchOn(command, state);
    case 'SwitchMaintenanceOff':
      return switchOff(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const maintenanceDecider: Decider<MaintenanceCommand, MaintenanceEvent, MaintenanceState> = {
  initialState: initialMaintenanceState,
  evolve: evolveMaintenance,
  decide: decideMaintenance,
};
