import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SBS_DELETE_BODY_MAX, SBS_IMPORT_BASE64_MAX, sbsRoutes, type SbsNodeView, type SbsVersionView } from '@stramien/api';
import {
  can,
  DomainError,
  format,
  jobDecider,
  jobSchemas,
  sbsMessages,
  sbsNodeDecider,
  sbsNodeSchemas,
  sbsVersionDecider,
  sbsVersionSchemas,
  toSbsNodeStreamId,
  toJobStreamId,
  toSbsVersionStreamId,
  type JobParams,
  type SbsNodeState,
  type SbsParentFact,
} from '@stramien/domain';
import {
  checkSbsImport,
  findSbsNodes,
  sbsDeleteBlobIds,
  sbsImportBlobIds,
  SBS_CLEAR_KIND,
  SBS_DELETE_KIND,
  SBS_IMPORT_KIND,
  type SbsClearParams,
  type SbsDeleteParams,
  type SbsImportParams,
} from '@stramien/jobs';
import { SBS_NODES_COLLECTION, SBS_ROOT_KEY, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import { addRoute } from '../../plugins/route';
import { BASE64 } from '../../plugins/uploads';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadProjectAccess, type ProjectAccess } from '../../access/projectAccess';
import { exportFilename } from '../jobs/jobRoutes';
import { loadSbsNodeAccess, resolveSbsVersion, sbsNodeNotFound, sbsVersionNotFound } from '../../access/sbsAccess';
import { containsFilter, createSbsQueries, toView, type SbsScope } from './sbsQueries';

/** Default page of `GET /sbs` when `filter[limit]` is absent. */
const LIST_DEFAULT_LIMIT = 100;

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
  const handleJob = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });
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

  /**
   * The bulk calls are background jobs (services/jobs/src/sbs, docs/sbs.md "Bulk calls"): the route checks the
   * request, then appends JobRequested and answers the job's id; the job writes in chunks, with its progress and a
   * cancel (`POST /jobs/{jobId}/cancel`).
   */
  const requestJob = async (
    request: FastifyRequest,
    access: ProjectAccess,
    jobId: string,
    kind: string,
    params: SbsImportParams | SbsDeleteParams | SbsClearParams,
    message: string,
  ) => {
    const projectId = access.project._id;
    const result = await handleJob(
      request,
      jobId,
      { type: 'RequestJob', data: { jobId, licenceId: access.actor.licenceId, projectId, kind, params: params as JobParams } },
      { actor: access.actor, projectId },
    );
    return { message, data: { id: jobId }, position: result.position };
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

  addRoute(
    app,
    sbsRoutes.deleteMany,
    async ({ params, body, request }) => {
      const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
      const ids = [...new Set(body.ids)];
      const targets = await findSbsNodes(documentStore, params.id, ids);
      if (targets.length !== ids.length) throw sbsNodeNotFound();
      for (const versionId of new Set(targets.map((n) => n.versionId)))
        await resolveSbsVersion(deps, params.id, versionId).catch(() => {
          throw sbsNodeNotFound();
        });
      // all or nothing: a node may go only with all of its children
      const inSet = new Map<string, number>();
      for (const n of targets) inSet.set(n.parentKey, (inSet.get(n.parentKey) ?? 0) + 1);
      if (targets.some((n) => n.childCount > (inSet.get(n._id) ?? 0))) throw new DomainError(sbsMessages.hasChildren, 409);
      const jobId = randomUUID();
      const blob = await deps.adapters.blobStore.put(Buffer.from(JSON.stringify(ids)), {
        id: sbsDeleteBlobIds.ids(jobId),
        contentType: 'application/json',
      });
      const jobParams: SbsDeleteParams = {
        projectId: params.id,
        blobId: blob.id,
        filename: exportFilename('sbs-delete', 'csv', deps.clock()),
      };
      return requestJob(request, access, jobId, SBS_DELETE_KIND, jobParams, format(sbsMessages.deleteStarted, { count: ids.length }));
    },
    { bodyLimit: SBS_DELETE_BODY_MAX },
  );

  addRoute(app, sbsRoutes.clear, async ({ params, query, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
    const versionId = await resolveSbsVersion(deps, params.id, query.version);
    const jobParams: SbsClearParams = { projectId: params.id, versionId, filename: exportFilename('sbs-clear', 'csv', deps.clock()) };
    return requestJob(request, access, randomUUID(), SBS_CLEAR_KIND, jobParams, sbsMessages.clearStarted);
  });

  addRoute(
    app,
    sbsRoutes.import,
    async ({ params, body, request }) => {
      const access = await loadProjectAccess(deps, request, params.id, 'sbs-management');
      const versionId = await resolveSbsVersion(deps, params.id, body.version);
      if (!BASE64.test(body.file) || body.file.length % 4 === 1)
        throw new DomainError(sbsMessages.invalidBase64, 422, { file: [sbsMessages.invalidBase64] });
      const bytes = Buffer.from(body.file, 'base64');
      // every row is checked before the job starts: any error answers them all, and nothing is written
      const checked = await checkSbsImport(documentStore, params.id, versionId, bytes.toString('utf8'));
      if ('error' in checked) throw new DomainError(checked.error, 422, checked.errors);
      const jobId = randomUUID();
      const blob = await deps.adapters.blobStore.put(bytes, {
        id: sbsImportBlobIds.upload(jobId),
        contentType: 'text/csv',
        filename: 'sbs.csv',
      });
      const jobParams: SbsImportParams = {
        projectId: params.id,
        versionId,
        blobId: blob.id,
        filename: exportFilename('sbs-import', 'csv', deps.clock()),
      };
      return requestJob(
        request,
        access,
        jobId,
        SBS_IMPORT_KIND,
        jobParams,
        format(sbsMessages.importStarted, { count: checked.steps.length }),
      );
    },
    { bodyLimit: SBS_IMPORT_BASE64_MAX + 64 * 1024 },
  );

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
