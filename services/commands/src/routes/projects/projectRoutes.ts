import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectRoutes } from '@stramien/api';
import {
  DomainError,
  MODULE_POOL_DEFAULT,
  can,
  isUserAdmin,
  licenceMessages,
  messages,
  projectDecider,
  projectMessages,
  projectSlug,
  projectSlugDecider,
  projectSlugSchemas,
  slugCandidate,
  toProjectSlugStreamId,
  type Actor,
  type CreateProject,
} from '@stramien/domain';
import type { UserDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { requireUser } from '../../plugins/auth';
import {
  PROJECTS_COLLECTION,
  TEAMS_COLLECTION,
  canSee,
  licenceSubject,
  memberProjectIds,
  projectAccessFor,
  requireProjectAccess,
  selectedLicenceId,
  type TeamPermissionDoc,
} from '../../plugins/permissionSubject';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { availableModules } from '../licences/availableModules';
import { createProjectCommands } from './projectCommands';
import { registerProjectImageRoutes } from './imageRoutes';
import { registerProjectLinkRoutes } from './linkRoutes';
import { registerProjectMemberRoutes } from './memberRoutes';
import { registerProjectModuleRoutes } from './moduleRoutes';
import { projectView, projectViewWithSessions } from './projectViews';

const SLUG_ATTEMPTS = 50;
const isTrue = (value: string | undefined) => value === 'true' || value === '1';

export const registerProjectRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);
  const teams = documentStore.collection<TeamPermissionDoc>(TEAMS_COLLECTION);
  const users = documentStore.collection<UserDoc>('users');
  const commands = createProjectCommands(app, deps);

  // a slug's reservation stream is named by licence and slug together: the handler gets the stream id itself
  const claim = createCommandHandler(app, { decider: projectSlugDecider, schemas: projectSlugSchemas, toStreamId: (streamId) => streamId });

  /** Claims the first free slug of base, base-2, … in the licence through its reservation stream. */
  const claimSlug = async (request: FastifyRequest, actor: Actor, licenceId: string, base: string, projectId: string): Promise<string> => {
    const known = await projects.find({ licenceId, slug: { $regex: `^${base}(-[0-9]+)?$` } }, { projection: { slug: 1 } });
    const taken = new Set(known.map((p) => p.slug));
    for (let n = 1, tried = 0; tried < SLUG_ATTEMPTS; n++) {
      const slug = slugCandidate(base, n);
      if (taken.has(slug)) continue;
      tried++;
      try {
        await claim(
          request,
          toProjectSlugStreamId(licenceId, slug),
          { type: 'ClaimProjectSlug', data: { licenceId, slug, projectId } },
          {
            actor,
            projectId,
            settle: false,
          },
        );
        return slug;
      } catch (e) {
        if (e instanceof DomainError && e.status === 409) continue;
        throw e;
      }
    }
    throw new DomainError(projectMessages.slugTaken, 409);
  };

  addRoute(app, projectRoutes.list, async ({ query, request }) => {
    const user = requireUser(request);
    const subject = await licenceSubject(deps, request, query.license);
    const admin = isUserAdmin(subject);
    const filter = {
      licenceId: query.license,
      ...(admin ? {} : { _id: { $in: await memberProjectIds(deps, user.userId, query.license) } }),
      ...(admin && isTrue(query.archived) ? {} : { archived: false }),
    };
    const [docs, myTeams] = await Promise.all([
      projects.find(filter, { sort: { name: 1 } }),
      teams.find({ licenceId: query.license, userIds: user.userId }),
    ]);
    const views = [];
    for (const doc of docs) {
      const access = await projectAccessFor(
        deps,
        user,
        doc,
        myTeams.filter((t) => t.projectId === doc._id),
      );
      if (canSee(access)) views.push(projectView(access));
    }
    return views;
  });

  addRoute(app, projectRoutes.get, async ({ params, request }) =>
    projectViewWithSessions(documentStore, await requireProjectAccess(deps, request, params.id, 'project'), deps.clock()),
  );

  addRoute(app, projectRoutes.findBySlug, async ({ params, query, request }) => {
    const user = requireUser(request);
    const licence = query?.license;
    if (licence) await licenceSubject(deps, request, licence);
    const scope = licence ? [licence] : user.isSystemAdmin ? null : Object.keys(user.licences);
    const found = await projects.find({ slug: params.slug, ...(scope ? { licenceId: { $in: scope } } : {}) });
    const preferred = selectedLicenceId(request, user);
    found.sort((a, b) => Number(b.licenceId === preferred) - Number(a.licenceId === preferred));
    for (const doc of found) {
      const access = await projectAccessFor(deps, user, doc);
      if (canSee(access)) return projectViewWithSessions(documentStore, access, deps.clock());
    }
    throw new DomainError(projectMessages.notFound, 404);
  });

  addRoute(
    app,
    projectRoutes.create,
    async ({ body, request }) => {
      const user = requireUser(request);
      const licenceId = body.license;
      if (!can(await licenceSubject(deps, request, licenceId), 'admin')) throw new DomainError(messages.shared.forbidden, 403);
      const available = await availableModules(documentStore, licenceId);
      if (!available) throw new DomainError(licenceMessages.notFound, 404);
      const roles = (body.roles ?? []).map((r) => ({
        roleId: randomUUID(),
        name: r.name,
        isProjectAdmin: r.is_projectadmin ?? false,
        userIds: r.users ?? [],
      }));
      const named = [...new Set(roles.flatMap((r) => r.userIds))];
      const inLicence = new Set(
        named.length === 0
          ? []
          : (await users.find({ _id: { $in: named }, 'licences.id': licenceId })).filter((u) => !u.disabled).map((u) => u._id),
      );
      const projectId = randomUUID();
      const actor: Actor = { userId: user.userId, licenceId, isSystemAdmin: user.isSystemAdmin };
      const data: CreateProject['data'] = {
        projectId,
        licenceId,
        name: body.name,
        number: body.number,
        description: body.description ?? '',
        slug: projectSlug(body.number, body.name),
        modules: (body.modules ?? []).map((moduleId) => ({ moduleId, pool: MODULE_POOL_DEFAULT })),
        roles,
        defaultAdminRoleId: randomUUID(),
        usersOutsideLicence: named.filter((id) => !inLicence.has(id)),
        availableModules: available.modules.map((m) => m.id),
      };
      // refuse bad input before a slug is reserved for it
      const dryRun = projectDecider.decide(
        { type: 'CreateProject', data, metadata: { actor, now: deps.clock().toISOString() } },
        projectDecider.initialState(),
      );
      if (dryRun instanceof DomainError) throw dryRun;
      const slug = await claimSlug(request, actor, licenceId, data.slug, projectId);
      const position = await commands.run({ user, project: { _id: projectId, licenceId } }, request, {
        type: 'CreateProject',
        data: { ...data, slug },
      });
      const access = await commands.reload({ user, project: { _id: projectId } });
      return { message: projectMessages.created, data: projectView(access), position };
    },
    { status: 201 },
  );

  addRoute(app, projectRoutes.update, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, { type: 'UpdateProject', data: body });
    return { message: projectMessages.updated, data: projectView(await commands.reload(access)), position };
  });

  addRoute(app, projectRoutes.archive, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'admin');
    const position = await commands.run(access, request, { type: 'ArchiveProject', data: {} });
    return { message: projectMessages.archivedDone, data: projectView(await commands.reload(access)), position };
  });

  addRoute(app, projectRoutes.restore, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'admin');
    const position = await commands.run(access, request, { type: 'RestoreProject', data: {} });
    return { message: projectMessages.restoredDone, data: projectView(await commands.reload(access)), position };
  });

  addRoute(app, projectRoutes.connect, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, { type: 'ConnectToProject', data: {} });
    return { message: projectMessages.connected, data: projectView(await commands.reload(access)), position };
  });

  addRoute(app, projectRoutes.addFavorite, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const position = await commands.run(access, request, { type: 'AddProjectToFavorites', data: {} });
    return { message: projectMessages.favoriteAdded, data: projectView(await commands.reload(access)), position };
  });

  addRoute(app, projectRoutes.removeFavorite, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const position = await commands.run(access, request, { type: 'RemoveProjectFromFavorites', data: {} });
    return { message: projectMessages.favoriteRemoved, data: projectView(await commands.reload(access)), position };
  });

  registerProjectMemberRoutes(app, deps, commands);
  registerProjectLinkRoutes(app, deps, commands);
  registerProjectModuleRoutes(app, deps, commands);
  registerProjectImageRoutes(app, deps, commands);
};
