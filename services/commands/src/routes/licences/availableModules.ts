import { modulesForLicence, type ModuleDefinition } from '@stramien/domain';
import type { Doc, DocumentStore } from '@stramien/infra';
import type { LicenceDoc } from '@stramien/projections';

/** The module licensing read model (`licenceModules`, written by the module licensing context): the modules a licence holds. */
interface LicenceModulesRef extends Doc {
  _id: string;
  modules: string[];
}

/**
 * The modules a licence's projects may add: the catalogue, without the manufacturing modules unless the licence's name
 * carries the manufacturer marker; once a system admin has managed the licence's modules (spec 2: modules are licensed
 * per licence), only the modules it holds. Null when the licence does not exist.
 */
export const availableModules = async (
  documentStore: DocumentStore,
  licenceId: string,
): Promise<{ licence: LicenceDoc; modules: ModuleDefinition[] } | null> => {
  const licence = await documentStore.collection<LicenceDoc>('licences').findOne({ _id: licenceId });
  if (!licence) return null;
  const licensed = await documentStore.collection<LicenceModulesRef>('licenceModules').findOne({ _id: licenceId });
  const modules = modulesForLicence(licence.name).filter((m) => !licensed || licensed.modules.includes(m.id));
  return { licence, modules };
};
