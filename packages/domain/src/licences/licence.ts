import { z } from 'zod';
import { DomainError } from '../shared/domainError';
import type { Command, Decider } from '../shared/decider';
import type { EventSchemas } from '../shared/envelope';

export const DEFAULT_THEME_PRIMARY = '#2e8be8';
export const toLicenceStreamId = (licenceId: string): string => `licence-${licenceId}`;

export const licenceEventSchemas = {
  LicenceCreated: z.object({ licenceId: z.string(), name: z.string(), themePrimary: z.string().nullable() }),
};
type Schemas = typeof licenceEventSchemas;
export type LicenceEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export const licenceSchemas: EventSchemas<LicenceEvent> = licenceEventSchemas;

export interface LicenceState {
  exists: boolean;
  licenceId: string;
  name: string;
  themePrimary: string | null;
}
export type CreateLicence = Command<'CreateLicence', { licenceId: string; name: string; themePrimary: string | null }>;
export type LicenceCommand = CreateLicence;

export const licenceDecider: Decider<LicenceCommand, LicenceEvent, LicenceState> = {
  initialState: () => ({ exists: false, licenceId: '', name: '', themePrimary: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LicenceCreated':
        return { exists: true, ...event.data };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateLicence':
        if (state.exists) return new DomainError('Licence already exists', 409);
        if (!command.metadata.actor.isSystemAdmin) return new DomainError('This action is unauthorized.', 403);
        return [{ type: 'LicenceCreated', data: command.data }];
    }
  },
};
