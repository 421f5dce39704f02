import type { FastifyInstance, FastifyRequest } from 'fastify';
import { licenceModuleRoutes, type LicenceModule } from '@stramien/api';
import {
  findModule,
  format,
  isManufacturingLicence,
  licenceModuleMessages,
  licenceModuleSchemas,
  licenceModulesDecider,
  MODULE_CATALOGUE,
  toLicenceModulesStreamId,
} from '@stramien/domain';
import type { LicenceDoc, LicenceModulesDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { authoriseLicence, loadLicenceAccess } from '../../access/licenceAccess';

/** Module licensing (spec 2 §7): licence admins read what their licence holds; system admins change it. */
export const registerLicenceModuleRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const licences = documentStore.collection<LicenceDoc>('licences');
  const held = documentStore.collection<LicenceModulesDoc>('licenceModules');

  const catalogue = (licenceName: string, modules: string[]): LicenceModule[] =>
    MODULE_CATALOGUE.map((m) => ({
      id: m.id,
      name: m.name,
      icon: m.icon,
      route: m.route,
      category: m.category,
      manufacturing: m.manufacturing ?? false,
      available: !m.manufacturing || isManufacturingLicence(licenceName),
      licensed: modules.includes(m.id),
    })).sort((a, b) => a.name.localeCompare(b.name));

  addRoute(app, licenceModuleRoutes.list, async ({ params, request }) => {
    const access = await loadLicenceAccess(deps, request, params.id);
    authoriseLicence(access, 'admin');
    const licence = await licences.findOne({ _id: params.id });
    const doc = await held.findOne({ _id: params.id });
    return { data: catalogue(licence?.name ?? '', doc?.modules ?? []) };
  });

  const handle = createCommandHandler(app, {
    decider: licenceModulesDecider,
    schemas: licenceModuleSchemas,
    toStreamId: toLicenceModulesStreamId,
  });
  const change = async (request: FastifyRequest, type: 'AddLicenceModule' | 'RemoveLicenceModule', moduleId: string, licenceId: string) => {
    const access = await loadLicenceAccess(deps, request, licenceId);
    authoriseLicence(access, 'admin-license-modules');
    const licence = await licences.findOne({ _id: licenceId });
    const data = { licenceId, moduleId, licenceName: licence?.name ?? null };
    const result = await handle(request, licenceId, { type, data }, { actor: access.actor });
    return {
      data: catalogue(licence?.name ?? '', result.state.modules),
      position: result.position,
      message: format(licenceModuleMessages.updated, { name: findModule(moduleId)?.name ?? moduleId }),
    };
  };

  addRoute(app, licenceModuleRoutes.add, ({ params, request }) => change(request, 'AddLicenceModule', params.moduleId, params.licenseId));
  addRoute(app, licenceModuleRoutes.remove, ({ params, request }) =>
    change(request, 'RemoveLicenceModule', params.moduleId, params.licenseId),
  );
};
