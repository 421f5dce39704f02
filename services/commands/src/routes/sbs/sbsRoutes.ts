import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sbsRoutes, type SbsNodeView, type SbsVersionView } from '@stramien/api';
import {
  can,
  DomainError,
  format,
  parseSbsCsv,
  planSbsImport,
  sbsMessages,
  sbsNodeDecider,
  sbsNodeSchemas,
  sbsVersionDecider,
  sbsVersionSchemas,
  toSbsNodeStreamId,
  toSbsVersionStreamId,
  type SbsExistingNode,
  type SbsNodeState,
  type SbsParentFact,
} from '@stramien/domain';
import { SBS_NODES_COLLECTION, SBS_ROOT_KEY, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import { addRoute } from '../../plugins/route';
import { BASE64 } from '../../plugins/uploads';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadProjectAccess, type ProjectAccess } from '../../access/projectAccess';
import { loadSbsNodeAccess, resolveSbsVersion, sbsNodeNotFound, sbsVersionNotFound } from '../../access/sbsAccess';
import { containsFilter, createSbsQueries, toView, type SbsScope } from './sbsQueries';

/** Appends of one bulk call run this many at a time (one SQLite transaction per event-loop turn on the embedded store). */
const BULK_CHUNK = 500;
/** Default page of `GET /sbs` when `filter[limit]` is absent. */
const LIST_DEFAULT_LIMIT = 100;

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/**
 * The SBS of a project (spec 2 §7 "SBS, all under /project/{id}"; docs/sbs.md). Any member reads; every change needs
 * `sbs-management` (spec 2 §6). A node or version of another project answers 404.
 */
export const registerSbsRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const nodes = documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
  const versions = documentStore.collection<SbsVersionDoc>(SBS_VERSIONS_COLLECTION);
  const queries = createSbsQueries(documentStore);
  const handleNode = createCommandHandler(app, { decider: sbsNodeDecider, schemas: sbsNodeSchemas, toStreamId: toSbsNodeStreamId });
  const handleVersion = createCommandHandler(app, {
    decider: sbsVersionDecider,
    schemas: sbsVersionSchemas,
    toStreamId: toSbsVersionStreamId,
  });

  const scopeOf = async (projectId: string, version: string | undefined, timestamp?: string): Promise<SbsScope> => ({
    projectId,
    versionId: await resolveSbsVersion(deps, projectId, version),
    ...(timestamp ? { at: new Date(timestamp).toISOString() } : {}),
  });

  /** the parent a body names by code, resolved in the version */
  const parentFact = async (projectId: string, versionId: string, code: string | null | undefined): Promise<SbsParentFact | null> => {
    const wanted = code?.trim() ?? '';
    if (wanted === '') return null;
    const parent = await nodes.findOne({ projectId, versionId, code: wanted }, { projection: { _id: 1 } });
    return { code: wanted, id: parent?._id ?? null };
  };
  const codeTaken = async (projectId: string, versionId: string, code: string, exceptId?: string): Promise<boolean> => {
    const clash = await nodes.findOne({ projectId, versionId, code: code.trim() }, { projection: { _id: 1 } });
    return clash !== null && clash._id !== exceptId;
  };

  const stateView = (state: SbsNodeState, parentCode: string | null, childCount: number): SbsNodeView =>
    toView(
      {
        _id: state.nodeId,
        versionId: state.versionId,
        code: state.code,
        label: state.label,
        parentKey: state.parentId ?? SBS_ROOT_KEY,
        childCount,
      },
      parentCode,
    );

  /** appends DeleteSbsNode to each node (children before parents), `BULK_CHUNK` at a time; the last position */
  const deleteAll = async (request: FastifyRequest, access: ProjectAccess, targets: SbsNodeDoc[]): Promise<number> => {
    const byId = new Map(targets.map((n) => [n._id, n]));
    const depthOf = (n: SbsNodeDoc): number => {
      let depth = 0;
      for (let p = byId.get(n.parentKey); p && depth < targets.length; p = byId.get(p.parentKey)) depth++;
      return depth;
    };
    const ordered = targets.map((n) => ({ n, depth: depthOf(n) })).sort((a, b) => b.depth - a.depth);
    let position = 0;
    for (const chunk of chunks(ordered, BULK_CHUNK)) {
      const results = await Promise.all(
        chunk.map(({ n }) =>
          handleNode(
            request,
            n._id,
            { type: 'DeleteSbsNode', data: { hasChildren: false } },
            { actor: access.actor, projectId: access.project._id, settle: false },
          ),
        ),
      );
      position = Math.max(position, ...results.map((r) => r.position));
    }
    await app.projectionWait.waitFor(position, app.minPositionWaitMs);
    return position;
  };

  addRoute(app, sbsRoutes.list, async ({ params, query, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const scope = await scopeOf(params.id, query['filter[version]'], query.timestamp);
    const filter: Record<string, unknown> = {};
    if (query['filter[code]']) filter.code = containsFilter(query['filter[code]']);
    if (query['filter[label]']) filter.label = containsFilter(query['filter[label]']);
    const parent = query['filter[parent]'];
    if (parent === 'none') filter.parentKey = SBS_ROOT_KEY;
    else if (parent) {
      const [found] = await queries.rows(scope, { code: parent }, 1);
      if (!found) return { data: [] };
      filter.parentKey = found._id;
    }
    const list = await queries.rows(scope, filter, query['filter[limit]'] ?? LIST_DEFAULT_LIMIT);
    return { data: await queries.views(scope, list) };
  });

  addRoute(app, sbsRoutes.get, async ({ params, request }) => {
    const { node } = await loadSbsNodeAccess(deps, request, params.id, params.sbsId);
    const [view] = await queries.views({ projectId: node.projectId, versionId: node.versionId }, [node]);
    return { data: view! };
  });

  addRoute(app, sbsRoutes.children, async ({ params, query, request }) => {
    if (!query.timestamp) {
      const { node } = await loadSbsNodeAccess(deps, request, params.id, params.sbsId);
      const list = await queries.rows({ projectId: params.id, versionId: node.versionId }, { parentKey: node._id }, 0);
      return { data: list.map((r) => toView(r, node.code)) };
    }
    // as of a moment: the node as it was then (it may be gone now)
    await loadProjectAccess(deps, request, params.id);
    const versionId = await queries.versionOfNode(params.sbsId, params.id);
    if (versionId === null) throw sbsNodeNotFound();
    const scope = await scopeOf(params.id, versionId, query.timestamp).catch(() => {
      throw sbsNodeNotFound();
    });
    const [then] = await queries.rows(scope, { nodeId: params.sbsId }, 1);
    if (!then) throw sbsNodeNotFound();
    const list = await queries.rows(scope, { parentKey: params.sbsId }, 0);
    return { data: list.map((r) => toView(r, then.code)) };
  });

  addRoute(app, sbsRoutes.history, async ({ params, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const entries = await queries.history(params.sbsId, params.id);
    if (!entries) throw sbsNodeNotFound();
    return { data: entries };
  });

  addRoute(app, sbsRoutes.permissions, async ({ params, request }) => {
    const access = await loadProjectAccess(deps, request, params.id);
    return { data: { read: true, manage: can(access.subject, 'sbs-management') } };
  });

  addRoute(app, sbsRoutes.tree, async ({ params, query, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const scope = await scopeOf(params.id, query.version, query.timestamp);
    const roots = await queries.rows(scope, { parentKey: SBS_ROOT_KEY }, 0);
    return { data: roots.map((r) => toView(r, null)) };
  });

  addRoute(app, sbsRoutes.treeSearch, async ({ params, query, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const scope = await scopeOf(params.id, query.version);
    return { data: await queries.withAncestors(scope, await queries.search(scope, query.value)) };
  });

  addRoute(app, sbsRoutes.search, async ({ params, query, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const scope = await scopeOf(params.id, query.version);
    return { data: await queries.views(scope, await queries.search(scope, query.value)) };
  });

  addRoute(app, sbsRoutes.create, async ({ params, body, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const versionId = await resolveSbsVersion(deps, params.id, body.version);
    const nodeId = randomUUID();
    const parent = await parentFact(params.id, versionId, body.parent_code);
    const result = await handleNode(
      request,
      nodeId,
      {
        type: 'CreateSbsNode',
        data: {
          nodeId,
          projectId: params.id,
          versionId,
          code: body.code,
          label: body.label ?? '',
          parent,
          codeTaken: await codeTaken(params.id, versionId, body.code),
        },
      },
      { actor: access.actor, projectId: params.id },
    );
    return {
      data: stateView(result.state, parent?.code ?? null, 0),
      position: result.position,
      message: format(sbsMessages.created, { code: result.state.code }),
    };
  });

  addRoute(app, sbsRoutes.update, async ({ params, body, request }) => {
    const { node, project } = await loadSbsNodeAccess(deps, request, params.id, params.sbsId, 'sbs-management');
    const current = node.parentKey === SBS_ROOT_KEY ? null : await nodes.findOne({ _id: node.parentKey }, { projection: { code: 1 } });
    let parent: SbsParentFact | null = current ? { code: current.code, id: node.parentKey } : null;
    if (body.parent_code !== undefined) {
      parent = await parentFact(params.id, node.versionId, body.parent_code);
      if (parent?.id && parent.id !== node._id) parent.below = await queries.isInSubtree(node._id, parent.id);
    }
    const result = await handleNode(
      request,
      node._id,
      {
        type: 'UpdateSbsNode',
        data: {
          code: body.code,
          label: body.label ?? node.label,
          parent,
          codeTaken: await codeTaken(params.id, node.versionId, body.code, node._id),
        },
      },
      { actor: project.actor, projectId: params.id },
    );
    return {
      data: stateView(result.state, parent?.code ?? null, node.childCount),
      position: result.position,
      message: format(sbsMessages.updated, { code: result.state.code }),
    };
  });

  addRoute(app, sbsRoutes.delete, async ({ params, request }) => {
    const { node, project } = await loadSbsNodeAccess(deps, request, params.id, params.sbsId, 'sbs-management');
    const result = await handleNode(
      request,
      node._id,
      { type: 'DeleteSbsNode', data: { hasChildren: node.childCount > 0 } },
      { actor: project.actor, projectId: params.id },
    );
    return { position: result.position, message: sbsMessages.deleted };
  });

  addRoute(app, sbsRoutes.deleteMany, async ({ params, body, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const ids = [...new Set(body.ids)];
    const targets = await nodes.find({ _id: { $in: ids }, projectId: params.id });
    if (targets.length !== ids.length) throw sbsNodeNotFound();
    for (const versionId of new Set(targets.map((n) => n.versionId)))
      await resolveSbsVersion(deps, params.id, versionId).catch(() => {
        throw sbsNodeNotFound();
      });
    // all or nothing: a node may go only with all of its children
    const inSet = new Map<string, number>();
    for (const n of targets) inSet.set(n.parentKey, (inSet.get(n.parentKey) ?? 0) + 1);
    if (targets.some((n) => n.childCount > (inSet.get(n._id) ?? 0))) throw new DomainError(sbsMessages.hasChildren, 409);
    const position = await deleteAll(request, access, targets);
    return { position, message: sbsMessages.deleted };
  });

  addRoute(app, sbsRoutes.clear, async ({ params, query, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const versionId = await resolveSbsVersion(deps, params.id, query.version);
    const targets = await nodes.find({ projectId: params.id, versionId }, { projection: { _id: 1, parentKey: 1 } });
    const position = targets.length === 0 ? await deps.adapters.eventStore.headPosition() : await deleteAll(request, access, targets);
    return { position, message: sbsMessages.cleared };
  });

  addRoute(app, sbsRoutes.import, async ({ params, body, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const versionId = await resolveSbsVersion(deps, params.id, body.version);
    if (!BASE64.test(body.file) || body.file.length % 4 === 1)
      throw new DomainError(sbsMessages.invalidBase64, 422, { file: [sbsMessages.invalidBase64] });
    const parsed = parseSbsCsv(Buffer.from(body.file, 'base64').toString('utf8'));
    if ('error' in parsed) throw new DomainError(parsed.error, 422, { file: [parsed.error] });
    const present = await nodes.find({ projectId: params.id, versionId }, { projection: { _id: 1, code: 1, parentKey: 1 } });
    const codeOf = new Map(present.map((n) => [n._id, n.code]));
    const existing = new Map<string, SbsExistingNode>(
      present.map((n) => [n.code, { id: n._id, parentCode: codeOf.get(n.parentKey) ?? null }]),
    );
    const plan = planSbsImport(parsed.rows, existing);
    if ('errors' in plan) throw new DomainError(sbsMessages.importFailed, 422, plan.errors);
    const idOf = new Map(present.map((n) => [n.code, n._id]));
    for (const step of plan.steps) if (!step.id) idOf.set(step.code, randomUUID());
    const options = { actor: access.actor, projectId: params.id, settle: false };
    let position = 0;
    let created = 0;
    let updated = 0;
    // a level's parents are in the log before its children, so the read model counts every child
    const levels = Math.max(0, ...plan.steps.map((s) => s.depth + 1));
    for (let depth = 0; depth < levels; depth++) {
      for (const chunk of chunks(
        plan.steps.filter((s) => s.depth === depth),
        BULK_CHUNK,
      )) {
        const results = await Promise.all(
          chunk.map((step) => {
            const nodeId = idOf.get(step.code)!;
            const parent = step.parentCode ? { code: step.parentCode, id: idOf.get(step.parentCode)! } : null;
            return step.id
              ? handleNode(
                  request,
                  nodeId,
                  { type: 'UpdateSbsNode', data: { code: step.code, label: step.label, parent, codeTaken: false } },
                  options,
                )
              : handleNode(
                  request,
                  nodeId,
                  {
                    type: 'CreateSbsNode',
                    data: { nodeId, projectId: params.id, versionId, code: step.code, label: step.label, parent, codeTaken: false },
                  },
                  options,
                );
          }),
        );
        for (const [i, r] of results.entries()) {
          position = Math.max(position, r.position);
          if (chunk[i]!.id === null) created++;
          else if (r.events.length > 0) updated++;
        }
      }
    }
    await app.projectionWait.waitFor(position, app.minPositionWaitMs);
    return { data: { created, updated }, position, message: format(sbsMessages.imported, { count: created + updated }) };
  });

  const versionView = (doc: SbsVersionDoc): SbsVersionView => ({
    id: doc._id,
    name: doc.name,
    isDefault: false,
    created_at: doc.createdAt,
  });

  addRoute(app, sbsRoutes.versions, async ({ params, request }) => {
    await loadProjectAccess(deps, request, params.id);
    const docs = await versions.find({ projectId: params.id }, { sort: { createdAt: 1 } });
    return { data: [{ id: params.id, name: 'Default', isDefault: true, created_at: null }, ...docs.map(versionView)] };
  });

  addRoute(app, sbsRoutes.createVersion, async ({ params, body, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const versionId = randomUUID();
    const result = await handleVersion(
      request,
      versionId,
      { type: 'CreateSbsVersion', data: { versionId, projectId: params.id, name: body.name } },
      { actor: access.actor, projectId: params.id },
    );
    const view = { id: versionId, name: result.state.name, isDefault: false, created_at: deps.clock().toISOString() };
    return { data: view, position: result.position, message: format(sbsMessages.versionCreated, { name: view.name }) };
  });

  addRoute(app, sbsRoutes.deleteVersion, async ({ params, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    if (params.versionId !== params.id && !(await versions.findOne({ _id: params.versionId, projectId: params.id })))
      throw sbsVersionNotFound();
    const result = await handleVersion(
      request,
      params.versionId,
      { type: 'DeleteSbsVersion', data: { versionId: params.versionId, projectId: params.id } },
      { actor: access.actor, projectId: params.id },
    );
    return { position: result.position, message: sbsMessages.versionDeleted };
  });
};
