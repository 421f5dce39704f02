import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SESSIONS_PER_PAGE_DEFAULT,
  isQueryTrue,
  sessionRoutes,
  type JobNode,
  type JobUser,
  type SessionJobView,
  type WorkflowSessionView,
} from '@stramien/api';
import {
  columnsOf,
  DomainError,
  fieldsOf,
  isLiveRecord,
  isLiveSession,
  isManual,
  isLiveTable,
  messages,
  sessionDecider,
  sessionSchemas,
  teamsOfNode,
  toJobFileBlobId,
  toSessionStreamId,
  workflowMessages,
  type PanelValueContext,
  type SessionJob,
  type SessionState,
} from '@stramien/domain';
import type { UserDoc } from '@stramien/projections';
import { WORKFLOW_SESSIONS_COLLECTION, type WorkflowSessionDoc } from '@stramien/projections/workflows/sessions';
import { WORKFLOW_JOBS_COLLECTION, type WorkflowJobDoc } from '@stramien/projections/workflows/sessionJobs';
import { addRoute } from '../../plugins/route';
import { requireProjectAccess, TEAMS_COLLECTION, type TeamPermissionDoc } from '../../plugins/permissionSubject';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadProjectWorkflowVersion, loadWorkflowAccess, type WorkflowAccess } from '../../access/workflowAccess';
import { loadRecord, loadTableState } from '../../access/tableAccess';
import { sbsCodesOf } from '../tables/tableLookups';
import { sessionFilter } from './sessionFilter';
import { jobFileView, registerJobFileRoutes } from './jobFileRoutes';

const sessionNotFound = () => new DomainError(workflowMessages.sessionNotFound, 404);
const jobNotFound = () => new DomainError(workflowMessages.jobNotFound, 404);
/** a project workflow the user may not see hides its sessions and jobs: their ids answer 404 as unknown ones do */
const hiding =
  (notFound: () => DomainError) =>
  (e: unknown): never => {
    throw e instanceof DomainError && e.status === 404 ? notFound() : e;
  };

type Need = 'read' | 'write' | 'admin';
type Named = { id: string; name: string; email: string };

/**
 * Sessions and jobs (spec 2 §7 "Sessions and jobs"; docs/workflows.md "Sessions and jobs", "Permissions"). A command
 * folds the session stream (`session-<id>`, which holds its version's graph), checks the rights on its project
 * workflow (`loadWorkflowAccess`), establishes the facts the decider asks for (the version's graph, the SBS codes,
 * the records a job's values name, who may take a job) and appends through `decideSession`. Lists read the
 * `workflow_sessions` read model; a job id is found in `workflow_jobs`.
 */
export const registerSessionRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: sessionDecider, schemas: sessionSchemas, toStreamId: toSessionStreamId });
  const store = deps.adapters.documentStore;
  const sessions = store.collection<WorkflowSessionDoc>(WORKFLOW_SESSIONS_COLLECTION);
  const jobs = store.collection<WorkflowJobDoc>(WORKFLOW_JOBS_COLLECTION);
  const users = store.collection<UserDoc>('users');
  const teams = store.collection<TeamPermissionDoc>(TEAMS_COLLECTION);

  const usersById = async (ids: readonly string[]): Promise<Map<string, Named>> => {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const docs = await users.find({ _id: { $in: wanted } }, { projection: { _id: 1, name: 1, email: 1 } });
    return new Map(docs.map((u) => [u._id, { id: u._id, name: u.name, email: u.email }]));
  };
  const named = (names: Map<string, Named>, id: string) => ({ id, name: names.get(id)?.name ?? '' });

  const sessionView = (doc: WorkflowSessionDoc, names: Map<string, Named>): WorkflowSessionView => ({
    id: doc._id,
    name: doc.name,
    sbs_code: doc.sbsCode,
    workflow_id: doc.projectWorkflowId,
    workflow_name: doc.workflowName,
    builder_workflow_id: doc.workflowId,
    version: doc.version,
    status: doc.status,
    progress: doc.progress,
    jobs_total: doc.jobsTotal,
    jobs_finished: doc.jobsFinished,
    jobs_failed: doc.jobsFailed,
    jobs: doc.jobs.map((j) => ({ id: j.jobId, node_id: j.nodeId, status: j.status })),
    started_by: named(names, doc.startedBy),
    created_at: doc.createdAt,
    finished_at: doc.finishedAt,
  });

  /** a job as the session stream folds it, with the times the `workflow_jobs` read model keeps */
  const jobView = (state: SessionState, job: SessionJob, doc: WorkflowJobDoc | undefined, names: Map<string, Named>): SessionJobView => ({
    id: job.jobId,
    session_id: state.sessionId,
    node_id: job.nodeId,
    status: job.status,
    manual: job.manual,
    assignee: job.assignee ? named(names, job.assignee) : null,
    error: job.error,
    attempts: job.attempts,
    opened_at: doc?.openedAt ?? null,
    finished_at: doc?.finishedAt ?? null,
  });

  /** A session of the project (folded from its stream) and the user's rights on its project workflow; 404 for what they may not see. */
  const sessionAccess = async (request: FastifyRequest, projectId: string, sessionId: string, need: Need) => {
    const state = await handle.load(sessionId);
    if (!isLiveSession(state) || state.projectId !== projectId) throw sessionNotFound();
    const access = await loadWorkflowAccess(deps, request, projectId, state.projectWorkflowId, 'read').catch(hiding(sessionNotFound));
    if (!access[need]) throw new DomainError(messages.shared.forbidden, 403);
    return { state, access };
  };

  /** A job of the project (its session found in `workflow_jobs`), its session and the user's rights; 404 for what they may not see. */
  const jobAccess = async (request: FastifyRequest, projectId: string, jobId: string, need: Need) => {
    const doc = await jobs.findOne({ _id: jobId, projectId });
    if (!doc) throw jobNotFound();
    const { state, access } = await sessionAccess(request, projectId, doc.sessionId, 'read').catch(hiding(jobNotFound));
    const job = state.jobs.find((j) => j.jobId === jobId);
    if (!job) throw jobNotFound();
    if (!access[need]) throw new DomainError(messages.shared.forbidden, 403);
    return { state, access, job };
  };

  /** its assignee or a project admin fills in and finishes a job */
  const mayFill = (access: WorkflowAccess, job: SessionJob) => access.admin || job.assignee === access.actor.userId;

  const sessionDocOf = async (sessionId: string): Promise<WorkflowSessionDoc> => {
    const doc = await sessions.findOne({ _id: sessionId });
    if (!doc) throw sessionNotFound();
    return doc;
  };

  /** The users who may take a node's jobs: the members of the project's teams holding one of its roles. */
  const usersWhoMayTake = async (access: WorkflowAccess, nodeId: string): Promise<JobUser[]> => {
    const teamIds = teamsOfNode(access.workflow, nodeId);
    if (teamIds.length === 0) return [];
    const holders = await teams.find({ _id: { $in: teamIds }, projectId: access.workflow.projectId });
    const ids = [...new Set(holders.flatMap((t) => t.userIds))];
    if (ids.length === 0) return [];
    const docs = await users.find({ _id: { $in: ids }, disabled: { $ne: true } }, { projection: { _id: 1, name: 1, email: 1 } });
    return docs
      .map((u) => ({ id: u._id, name: u.name, email: u.email }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  };

  /** A job's node with its panels, values and what the user may do, the session from the read model. */
  const jobNodeOf = async (state: SessionState, job: SessionJob, access: WorkflowAccess): Promise<JobNode> => {
    const [sessionDoc, jobDoc] = await Promise.all([sessionDocOf(state.sessionId), jobs.findOne({ _id: job.jobId })]);
    const names = await usersById([sessionDoc.startedBy, ...(job.assignee ? [job.assignee] : [])]);
    const node = state.graph.nodes.find((n) => n.nodeId === job.nodeId)!;
    const config = state.graph.blocks.find((b) => b.blockId === node.blockId)?.config ?? null;
    return {
      session: sessionView(sessionDoc, names),
      node: {
        id: node.nodeId,
        workflow_start: node.start,
        column: columnsOf(state.graph)[node.nodeId] ?? 1,
        block: { id: node.blockId, name: config?.name ?? '', manual: job.manual },
      },
      panels: config && isManual(config) ? config.panels : [],
      job: jobView(state, job, jobDoc ?? undefined, names),
      values: job.values,
      files: job.files.map(jobFileView),
      result: job.result,
      can: {
        assign: access.admin && job.manual && job.status !== 'finished',
        finish: job.manual && job.status === 'open' && mayFill(access, job),
        retry: access.admin && job.status === 'failed',
      },
    };
  };

  /**
   * The facts a job's values are checked with: which records their `record` fields name are live records of the
   * project's table of that name, which codes their `sbscode` fields name are the project's SBS codes, and the files
   * uploaded to this job (`file` fields hold one of their ids; docs/workflows.md "Job files").
   */
  const panelFactsOf = async (state: SessionState, job: SessionJob, values: Record<string, unknown>): Promise<PanelValueContext> => {
    const node = state.graph.nodes.find((n) => n.nodeId === job.nodeId);
    const config = state.graph.blocks.find((b) => b.blockId === node?.blockId)?.config;
    const fields = config ? fieldsOf(config) : [];
    const given = (type: string) =>
      fields.filter((f) => f.type === type && typeof values[f.id] === 'string').map((f) => values[f.id] as string);
    const knownRecords = (
      await Promise.all(
        [...new Set(given('record'))].map(async (recordId) => {
          const { state: record } = await loadRecord(deps, recordId);
          if (!isLiveRecord(record) || record.projectId !== state.projectId) return null;
          const table = await loadTableState(deps, record.tableId);
          return isLiveTable(table) ? { recordId, table: table.name } : null;
        }),
      )
    ).filter((r) => r !== null);
    const knownSbsCodes = await sbsCodesOf(deps, state.projectId, [...new Set(given('sbscode'))]);
    return { knownRecords, knownSbsCodes, knownFileIds: job.files.map((f) => f.fileId) };
  };

  addRoute(app, sessionRoutes.list, async ({ params, query, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const filter = sessionFilter(access, params.id, {
      workflow: query['filter[workflow]'],
      sbsCode: query['filter[sbs_code]'],
      overview: isQueryTrue(query.overview),
      now: deps.clock(),
    });
    const perPage = query.per_page ?? SESSIONS_PER_PAGE_DEFAULT;
    const page = query.page ?? 1;
    const [total, docs] = await Promise.all([
      sessions.count(filter),
      sessions.find(filter, { sort: { createdAt: -1 }, skip: (page - 1) * perPage, limit: perPage }),
    ]);
    const names = await usersById(docs.map((d) => d.startedBy));
    return {
      data: docs.map((doc) => sessionView(doc, names)),
      meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
    };
  });

  addRoute(app, sessionRoutes.start, async ({ params, body, request }) => {
    const access = await loadWorkflowAccess(deps, request, params.id, body.workflow, 'write');
    const graph = await loadProjectWorkflowVersion(deps, access.workflow);
    if (!graph) throw new DomainError(workflowMessages.versionNotPublished, 422);
    const sbsCode = body.sbs_code?.trim() || null;
    const sbsCodeKnown = sbsCode === null || (await sbsCodesOf(deps, params.id, [sbsCode])).length > 0;
    const sessionId = randomUUID();
    const { workflow } = access;
    const result = await handle(
      request,
      sessionId,
      {
        type: 'StartSession',
        data: {
          sessionId,
          projectId: params.id,
          projectWorkflowId: workflow.projectWorkflowId,
          workflowId: workflow.workflowId,
          workflowName: workflow.name,
          version: workflow.version,
          graph,
          name: body.name,
          sbsCode,
          sbsCodeKnown,
        },
      },
      { actor: access.actor, projectId: params.id },
    );
    const doc = await sessionDocOf(sessionId);
    return { data: sessionView(doc, await usersById([doc.startedBy])), position: result.position };
  });

  addRoute(app, sessionRoutes.get, async ({ params, request }) => {
    const doc = await sessions.findOne({ _id: params.sessionId, projectId: params.id });
    if (!doc) throw sessionNotFound();
    await loadWorkflowAccess(deps, request, params.id, doc.projectWorkflowId, 'read').catch(hiding(sessionNotFound));
    return { data: sessionView(doc, await usersById([doc.startedBy])) };
  });

  addRoute(app, sessionRoutes.delete, async ({ params, request }) => {
    const { state, access } = await sessionAccess(request, params.id, params.sessionId, 'admin');
    const result = await handle(
      request,
      params.sessionId,
      { type: 'DeleteSession', data: {} },
      { actor: access.actor, projectId: params.id },
    );
    // the jobs' files go once the session is gone; a failure leaves an unreferenced file, never a dangling one
    for (const file of state.jobs.flatMap((j) => j.files))
      await deps.adapters.blobStore
        .delete(toJobFileBlobId(state.sessionId, file.fileId))
        .catch((e: unknown) => request.log.warn({ err: e }, 'job file not deleted'));
    return { message: workflowMessages.sessionDeleted, position: result.position };
  });

  addRoute(app, sessionRoutes.flow, async ({ params, request }) => {
    const { state } = await sessionAccess(request, params.id, params.sessionId, 'read');
    const [doc, jobDocs] = await Promise.all([sessionDocOf(state.sessionId), jobs.find({ sessionId: state.sessionId })]);
    const names = await usersById([doc.startedBy, ...state.jobs.flatMap((j) => (j.assignee ? [j.assignee] : []))]);
    const timesOf = new Map(jobDocs.map((d) => [d._id, d]));
    const columns = columnsOf(state.graph);
    const jobOf = new Map(state.jobs.map((j) => [j.nodeId, j]));
    return {
      data: {
        session: sessionView(doc, names),
        nodes: state.graph.nodes.map((node) => {
          const job = jobOf.get(node.nodeId)!;
          const config = state.graph.blocks.find((b) => b.blockId === node.blockId)?.config ?? null;
          return {
            id: node.nodeId,
            workflow_start: node.start,
            column: columns[node.nodeId] ?? 1,
            block: { id: node.blockId, name: config?.name ?? '', manual: job.manual },
            links: state.graph.links.filter((l) => l.from === node.nodeId).map((l) => ({ id: l.linkId, node: l.to })),
            job: jobView(state, job, timesOf.get(job.jobId), names),
          };
        }),
      },
    };
  });

  addRoute(app, sessionRoutes.assign, async ({ params, body, request }) => {
    const { state, access, job } = await jobAccess(request, params.id, params.jobId, 'admin');
    const userMayTake = (await usersWhoMayTake(access, job.nodeId)).some((u) => u.id === body.user);
    const result = await handle(
      request,
      state.sessionId,
      { type: 'AssignSessionJob', data: { jobId: job.jobId, userId: body.user, userMayTake } },
      { actor: access.actor, projectId: params.id },
    );
    return {
      data: await jobNodeOf(
        result.state,
        result.state.jobs.find((j) => j.jobId === job.jobId)!,
        access,
      ),
      position: result.position,
    };
  });

  addRoute(app, sessionRoutes.users, async ({ params, request }) => {
    const { access, job } = await jobAccess(request, params.id, params.jobId, 'read');
    return { data: await usersWhoMayTake(access, job.nodeId) };
  });

  addRoute(app, sessionRoutes.node, async ({ params, request }) => {
    const { state, access, job } = await jobAccess(request, params.id, params.jobId, 'read');
    return { data: await jobNodeOf(state, job, access) };
  });

  /** a job's values saved (a draft) or submitted to finish it, by its assignee or a project admin */
  const fill = async (
    request: FastifyRequest,
    params: { id: string; jobId: string },
    type: 'SaveSessionJobPanel' | 'FinishSessionJob',
    values: Record<string, unknown>,
  ) => {
    const { state, access, job } = await jobAccess(request, params.id, params.jobId, 'read');
    if (!mayFill(access, job)) throw new DomainError(messages.shared.forbidden, 403);
    const facts = await panelFactsOf(state, job, values);
    const result = await handle(
      request,
      state.sessionId,
      { type, data: { jobId: job.jobId, values, facts } },
      { actor: access.actor, projectId: params.id },
    );
    return {
      data: await jobNodeOf(
        result.state,
        result.state.jobs.find((j) => j.jobId === job.jobId)!,
        access,
      ),
      position: result.position,
    };
  };

  addRoute(app, sessionRoutes.saveValues, ({ params, body, request }) => fill(request, params, 'SaveSessionJobPanel', body.values));

  addRoute(app, sessionRoutes.finish, ({ params, body, request }) => fill(request, params, 'FinishSessionJob', body?.values ?? {}));

  registerJobFileRoutes(app, { handle, jobAccess, mayFill });

  addRoute(app, sessionRoutes.retry, async ({ params, request }) => {
    const { state, access, job } = await jobAccess(request, params.id, params.jobId, 'admin');
    const result = await handle(
      request,
      state.sessionId,
      { type: 'RetryAutomatedJob', data: { jobId: job.jobId } },
      { actor: access.actor, projectId: params.id },
    );
    return {
      data: await jobNodeOf(
        result.state,
        result.state.jobs.find((j) => j.jobId === job.jobId)!,
        access,
      ),
      position: result.position,
    };
  });
};
