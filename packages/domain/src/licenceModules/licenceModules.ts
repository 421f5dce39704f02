import { z } from 'zod';
import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import type { EventSchemas } from '../shared/envelope';
import { findModule } from '../projects/moduleCatalogue';
import { isManufacturingLicence, modulesForLicence } from '../licences/manufacturing';
import { licenceMessages } from '../licences/messages';
import { licenceModuleMessages } from './messages';

/**
 * Which app modules a licence holds (spec 2 §1 "Modules are licensed per licence and added to projects").
 * One stream per licence: 'licenceModules-<licenceId>'. Managing it needs `admin-license-modules`.
 */
export const toLicenceModulesStreamId = (licenceId: string): string => `licenceModules-${licenceId}`;

export { licenceModuleMessages };

export const licenceModuleEventSchemas = {
  LicenceModuleAdded: z.object({ licenceId: z.string(), moduleId: z.string() }),
  LicenceModuleRemoved: z.object({ licenceId: z.string(), moduleId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof licenceModuleEventSchemas;
export type LicenceModuleEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export const licenceModuleEventTypes = Object.keys(licenceModuleEventSchemas) as LicenceModuleEvent['type'][];
export const licenceModuleSchemas: EventSchemas<LicenceModuleEvent> = licenceModuleEventSchemas;

export interface LicenceModulesState {
  modules: string[];
}

/** licenceName is read by the handler (licences read model) before deciding; null when the licence does not exist */
export type AddLicenceModule = Command<'AddLicenceModule', { licenceId: string; moduleId: string; licenceName: string | null }>;
export type RemoveLicenceModule = Command<'RemoveLicenceModule', { licenceId: string; moduleId: string; licenceName: string | null }>;
/**
 * A new licence holds every module its kind may hold (`modulesForLicence`: the catalogue, manufacturing modules only
 * for a manufacturer's licence); a system admin then narrows it on /admin/modules. Sent once, when the licence is created.
 */
export type GrantStandardModules = Command<'GrantStandardModules', { licenceId: string; licenceName: string | null }>;
export type LicenceModuleCommand = AddLicenceModule | RemoveLicenceModule | GrantStandardModules;

export const evolveLicenceModules = (state: LicenceModulesState, event: LicenceModuleEvent): LicenceModulesState => {
  switch (event.type) {
    case 'LicenceModuleAdded':
      return state.modules.includes(event.data.moduleId) ? state : { modules: [...state.modules, event.data.moduleId] };
    case 'LicenceModuleRemoved':
      return { modules: state.modules.filter((m) => m !== event.data.moduleId) };
  }
};

export const decideLicenceModules = (command: LicenceModuleCommand, state: LicenceModulesState): LicenceModuleEvent[] | DomainError => {
  const { licenceId, licenceName } = command.data;
  if (licenceName === null) return new DomainError(licenceMessages.notFound, 404);
  if (command.type === 'GrantStandardModules') {
    return modulesForLicence(licenceName)
      .filter((m) => !state.modules.includes(m.id))
      .map((m) => ({ type: 'LicenceModuleAdded', data: { licenceId, moduleId: m.id } }));
  }
  const moduleId = command.data.moduleId;
  const module = findModule(moduleId);
  if (!module) return new DomainError(licenceModuleMessages.moduleNotFound, 404);
  switch (command.type) {
    case 'AddLicenceModule':
      // the manufacturing modules need a manufacturer's licence (spec 1 §6)
      if (module.manufacturing && !isManufacturingLicence(licenceName))
        return new DomainError(licenceModuleMessages.manufacturingOnly, 422);
      return state.modules.includes(moduleId) ? [] : [{ type: 'LicenceModuleAdded', data: { licenceId, moduleId } }];
    case 'RemoveLicenceModule':
      if (!state.modules.includes(moduleId)) return new DomainError(licenceModuleMessages.notLicensed, 404);
      return [{ type: 'LicenceModuleRemoved', data: { licenceId, moduleId } }];
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const licenceModulesDecider: Decider<LicenceModuleCommand, LicenceModuleEvent, LicenceModulesState> = {
  initialState: () => ({ modules: [] }),
  evolve: evolveLicenceModules,
  decide: decideLicenceModules,
};
