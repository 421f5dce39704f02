import type { Doc } from '@stramien/infra';
import type { EventEnvelope, LicenceModuleEvent } from '@stramien/domain';
import { licenceModuleEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** The `licenceModules` read model: per licence, the catalogue module ids it holds. */
export interface LicenceModulesDoc extends Doc {
  _id: string;
  licenceId: string;
  modules: string[];
}

export const licenceModulesProjection: Projection<LicenceModulesDoc> = {
  name: 'licenceModules',
  collection: 'licenceModules',
  eventTypes: licenceModuleEventTypes,
  documentIds: (event) => [(event.data as { licenceId: string }).licenceId],
  evolve(doc, event, id) {
    const { moduleId } = (event as EventEnvelope<LicenceModuleEvent>).data;
    const current = doc ?? { _id: id, licenceId: id, modules: [] };
    switch (event.type) {
      case 'LicenceModuleAdded':
        return current.modules.includes(moduleId) ? current : { ...current, modules: [...current.modules, moduleId] };
      case 'LicenceModuleRemoved':
        return { ...current, modules: current.modules.filter((m) => m !== moduleId) };
      default:
        return doc;
    }
  },
};
