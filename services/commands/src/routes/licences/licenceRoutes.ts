import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { licenceRoutes, type Licence } from '@stramien/api';
import {
  DEFAULT_THEME_PRIMARY,
  DomainError,
  can,
  isManufacturingLicence,
  licenceDecider,
  licenceMessages,
  licenceSchemas,
  messages,
  toLicenceStreamId,
  type Actor,
} from '@stramien/domain';
import type { LicenceDoc } from '@stramien/projections';
import { requireUser } from '../../plugins/auth';
import { licenceSubject } from '../../plugins/permissionSubject';
import { createLicence } from './createLicence';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { availableModules } from './availableModules';

export const licenceView = (doc: LicenceDoc): Licence => ({
  id: doc._id,
  name: doc.name,
  theme: { primary: doc.themePrimary ?? DEFAULT_THEME_PRIMARY, custom: doc.themePrimary !== null },
  manufacturing: isManufacturingLicence(doc.name),
});

/** the caller acting in a licence */
const actorIn = (request: FastifyRequest, licenceId: string): Actor => {
  const user = requireUser(request);
  return { userId: user.userId, licenceId, isSystemAdmin: user.isSystemAdmin };
};

export const registerLicenceRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const licences = deps.adapters.documentStore.collection<LicenceDoc>('licences');

  const load = async (licenceId: string): Promise<LicenceDoc> => {
    const doc = await licences.findOne({ _id: licenceId });
    if (!doc) throw new DomainError(licenceMessages.notFound, 404);
    return doc;
  };

  const handle = createCommandHandler(app, { decider: licenceDecider, schemas: licenceSchemas, toStreamId: toLicenceStreamId });

  addRoute(
    app,
    licenceRoutes.create,
    async ({ body, request }) => {
      const licenceId = randomUUID();
      const position = await createLicence(
        deps.pipeline,
        { licenceId, name: body.name, themePrimary: body.theme?.primary ?? null },
        { actor: actorIn(request, licenceId), correlationId: request.id, causationId: request.id },
        deps.clock().toISOString(),
      );
      await app.projectionWait.waitFor(position, app.minPositionWaitMs);
      return { data: licenceView(await load(licenceId)), position };
    },
    { status: 201 },
  );

  addRoute(app, licenceRoutes.get, async ({ params, request }) => {
    await licenceSubject(deps, request, params.id);
    return licenceView(await load(params.id));
  });

  addRoute(app, licenceRoutes.update, async ({ params, body, request }) => {
    if (!can(await licenceSubject(deps, request, params.id), 'admin')) throw new DomainError(messages.shared.forbidden, 403);
    const data = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.theme !== undefined ? { themePrimary: body.theme.primary } : {}),
    };
    const { position } = await handle(request, params.id, { type: 'UpdateLicence', data }, { actor: actorIn(request, params.id) });
    return { data: licenceView(await load(params.id)), position };
  });

  addRoute(app, licenceRoutes.modules, async ({ params, request }) => {
    await licenceSubject(deps, request, params.id);
    const available = await availableModules(deps.adapters.documentStore, params.id);
    if (!available) throw new DomainError(licenceMessages.notFound, 404);
    return available.modules
      .map(({ id, name, icon, route, category, manufacturing }) => ({
        id,
        name,
        icon,
        route,
        category,
        manufacturing: manufacturing === true,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  });
};
