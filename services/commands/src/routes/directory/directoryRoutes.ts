import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectionRoutes, companyRoutes, type NamedEntity } from '@stramien/api';
import {
  collections,
  companies,
  DomainError,
  type NamedEntityDefinition,
  type NamedEntityState,
  type PermissionCheck,
} from '@stramien/domain';
import { COLLECTIONS_COLLECTION, COMPANIES_COLLECTION, type NamedEntityDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import type { AppDeps } from '../../deps';
import { authoriseLicence, loadLicenceAccess } from '../../access/licenceAccess';

const toView = (d: Pick<NamedEntityDoc, '_id' | 'licenceId' | 'name' | 'description' | 'createdAt'>): NamedEntity => ({
  id: d._id,
  name: d.name,
  description: d.description,
  license: { id: d.licenceId },
  created_at: d.createdAt,
});

/** list / create / update / delete for one kind of named entity (docs/admin.md) */
const registerNamedEntityRoutes = (
  app: FastifyInstance,
  deps: AppDeps,
  routes: typeof companyRoutes,
  definition: NamedEntityDefinition,
  collectionName: string,
  check: PermissionCheck,
): void => {
  const collection = deps.adapters.documentStore.collection<NamedEntityDoc>(collectionName);
  const notFound = () => new DomainError(definition.notFoundMessage, 404);

  const nameTaken = async (licenceId: string, name: string, exceptId?: string): Promise<boolean> => {
    const wanted = name.trim().toLocaleLowerCase();
    return (await collection.find({ licenceId })).some((d) => d._id !== exceptId && d.name.toLocaleLowerCase() === wanted);
  };

  const handle = createCommandHandler(app, definition);
  const stateView = (s: NamedEntityState, createdAt: string) =>
    toView({ _id: s.id, licenceId: s.licenceId, name: s.name, description: s.description, createdAt });

  /** the entity and the user's standing in its licence; 404 when unknown or of another licence */
  const load = async (request: FastifyRequest, id: string) => {
    const doc = await collection.findOne({ _id: id });
    if (!doc) throw notFound();
    const access = await loadLicenceAccess(deps, request, doc.licenceId).catch(() => {
      throw notFound();
    });
    return { doc, access };
  };

  addRoute(app, routes.list, async ({ params, request }) => {
    const access = await loadLicenceAccess(deps, request, params.id);
    authoriseLicence(access, check);
    const docs = await collection.find({ licenceId: params.id });
    return { data: docs.sort((a, b) => a.name.localeCompare(b.name)).map(toView) };
  });

  addRoute(app, routes.create, async ({ params, body, request }) => {
    const access = await loadLicenceAccess(deps, request, params.id);
    authoriseLicence(access, check);
    const id = randomUUID();
    const now = deps.clock().toISOString();
    const result = await handle(
      request,
      id,
      {
        type: 'Create',
        data: {
          id,
          licenceId: params.id,
          name: body.name,
          description: body.description ?? '',
          nameTaken: await nameTaken(params.id, body.name),
        },
      },
      { actor: access.actor },
    );
    return { data: stateView(result.state, now), position: result.position };
  });

  addRoute(app, routes.update, async ({ params, body, request }) => {
    const { doc, access } = await load(request, params.id);
    authoriseLicence(access, check);
    const taken = body.name !== undefined && (await nameTaken(doc.licenceId, body.name, doc._id));
    const result = await handle(request, doc._id, { type: 'Update', data: { ...body, nameTaken: taken } }, { actor: access.actor });
    return { data: stateView(result.state, doc.createdAt), position: result.position };
  });

  addRoute(app, routes.delete, async ({ params, request }) => {
    const { doc, access } = await load(request, params.id);
    authoriseLicence(access, check);
    const result = await handle(request, doc._id, { type: 'Delete', data: {} }, { actor: access.actor });
    return { message: `${doc.name} deleted`, position: result.position };
  });
};

/** Companies (admin-account-companies) and collections (admin) of a licence. */
export const registerDirectoryRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  registerNamedEntityRoutes(
    app,
    deps,
    companyRoutes,
    companies as unknown as NamedEntityDefinition,
    COMPANIES_COLLECTION,
    'admin-account-companies',
  );
  registerNamedEntityRoutes(app, deps, collectionRoutes, collections as unknown as NamedEntityDefinition, COLLECTIONS_COLLECTION, 'admin');
};
