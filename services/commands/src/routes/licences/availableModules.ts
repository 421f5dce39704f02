import { modulesForLicence, type ModuleDefinition } from '@stramien/domain';
import type { Doc, DocumentStore } from '@stramien/infra';
import type { LicenceDoc } from '@stramien/projections';

/** The module licensing read model (`licenceModules`, written by the module licensing context): the modules a licence holds. */
interface LicenceModulesRef extends Doc {
  _id: string;
  modules: string[];
}

/**
 * The modules a licence's projects may add: the modules the licence holds (spec 2: "Modules are licensed per licence
 * and added to projects"), in catalogue order, never a manufacturing module outside a manufacturer's licence. A licence
 * holds its standard modules from its creation on (`createLicence`); a system admin changes that on /admin/modules.
 * Null when the licence does not exist.
 */
export const availableModules = async (
  documentStore: DocumentStore,
  licenceId: string,
): Promise<{ licence: LicenceDoc; modules: ModuleDefinition[] } | null> => {
  const licence = await documentStore.collection<LicenceDoc>('licences').findOne({ _id: licenceId });
  if (!licence) return null;
  const held = (await documentStore.collection<LicenceModulesRef>('licenceModules').findOne({ _id: licenceId }))?.modules ?? [];
  return { licence, modules: modulesForLicence(licence.name).filter((m) => held.includes(m.id)) };
};
