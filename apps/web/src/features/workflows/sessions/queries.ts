import {
  ApiError,
  sessionRoutes,
  type ErrorEnvelope,
  type JobFile,
  type JobNode,
  type SessionFlow,
  type WorkflowSessionView,
} from '@stramien/api';
import { infiniteQueryOptions, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api';
import { readToken } from '../../identity/session/tokenStorage';
import { notificationStore } from '../../notifications/notificationStore';
import type { JobFormJob, JobFormRequest } from './machines/jobFormMachine';
import type { SessionJobStatus } from '@stramien/domain';

/** One job of the flow diagram (GET …/session/:sessionId/flow, mapped in queries.ts). */
export interface FlowJob {
  jobId: string;
  nodeId: string;
  /** the block's name */
  name: string;
  start: boolean;
  /** its column: the longest distance from the start node, the start node's 1 (the API's, from the domain's columnsOf) */
  column: number;
  manual: boolean;
  status: SessionJobStatus;
  assignee: { id: string; name: string } | null;
  /** a failed automated job's error */
  error: string | null;
}

export interface FlowLink {
  from: string;
  to: string;
}

export type SessionListItem = WorkflowSessionView;
export type StartedSession = WorkflowSessionView;

/** A job as the job page shows it: the form's part (jobFormMachine) and the rest of GET …/job/:jobId/node. */
export interface JobView extends JobFormJob {
  name: string;
  manual: boolean;
  assignee: { id: string; name: string } | null;
  error: string | null;
  session: WorkflowSessionView;
  can: JobNode['can'];
  /** the files uploaded to the job (a file field holds one of their ids) */
  files: JobFile[];
}

export interface FlowView {
  session: WorkflowSessionView;
  jobs: FlowJob[];
  links: FlowLink[];
}

/** Sessions per page of the list, fetched one after the other as it scrolls. */
export const SESSIONS_PAGE_SIZE = 100;
/** How often a running session's flow is asked again while it is on screen (besides a pushed notification). */
export const LIVE_POLL_MS = 2_000;

export interface SessionFilters {
  /** the project workflow */
  workflow: string;
  sbsCode: string;
}

export const sessionKeys = {
  all: ['workflowSessions'] as const,
  project: (projectId: string) => ['workflowSessions', projectId] as const,
  lists: (projectId: string) => ['workflowSessions', projectId, 'pages'] as const,
  pages: (projectId: string, filters: SessionFilters) => ['workflowSessions', projectId, 'pages', filters] as const,
  overview: (projectId: string) => ['workflowSessions', projectId, 'overview'] as const,
  flow: (projectId: string, sessionId: string) => ['workflowSessions', projectId, 'flow', sessionId] as const,
  job: (jobId: string) => ['workflowSessions', 'job', jobId] as const,
  jobUsers: (jobId: string) => ['workflowSessions', 'job', jobId, 'users'] as const,
  /** the mutation key of a job's file uploads: the job page holds Save and Finish while one runs */
  jobFileUpload: (jobId: string) => ['workflowSessions', 'job', jobId, 'upload'] as const,
};

/**
 * The log position of the user's last session command: reads send it (X-Min-Position), so the list or flow loaded
 * right after a start, finish or assignment already shows it (ARCHITECTURE.md, read side).
 */
let lastPosition = 0;
const remember = <T extends { position: number }>(answer: T): T => {
  lastPosition = Math.max(lastPosition, answer.position);
  return answer;
};
const minPosition = () => (lastPosition > 0 ? { minPosition: lastPosition } : {});

/** GET /api/project/:id/sessions?filter[workflow]=&filter[sbs_code]= — newest first, page after page. */
export const sessionPagesQuery = (projectId: string, filters: SessionFilters) =>
  infiniteQueryOptions({
    queryKey: sessionKeys.pages(projectId, filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.call(sessionRoutes.list, {
        params: { id: projectId },
        query: {
          'filter[workflow]': filters.workflow,
          ...(filters.sbsCode ? { 'filter[sbs_code]': filters.sbsCode } : {}),
          page: pageParam,
          per_page: SESSIONS_PAGE_SIZE,
        },
        signal,
        ...minPosition(),
      });
      return { data: answer.data, total: answer.meta.total, page: answer.meta.current_page, last: answer.meta.last_page };
    },
    getNextPageParam: (page) => (page.page < page.last ? page.page + 1 : undefined),
  });

/** The project overview's sessions: overview=1 leaves out finished sessions older than two weeks (spec 1 §4). */
export const overviewSessionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: sessionKeys.overview(projectId),
    queryFn: async ({ signal }) =>
      (await api.call(sessionRoutes.list, { params: { id: projectId }, query: { overview: 'true' }, signal, ...minPosition() })).data,
  });

const toFlowView = (flow: SessionFlow): FlowView => ({
  session: flow.session,
  jobs: flow.nodes.map((node) => ({
    jobId: node.job.id,
    nodeId: node.id,
    name: node.block.name,
    start: node.workflow_start,
    column: node.column,
    manual: node.block.manual,
    status: node.job.status,
    assignee: node.job.assignee,
    error: node.job.error,
  })),
  links: flow.nodes.flatMap((node) => node.links.map((link) => ({ from: node.id, to: link.node }))),
});

/** GET /api/project/:id/session/:sessionId/flow — the flow diagram's nodes, links and jobs. */
export const flowQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.flow(projectId, sessionId),
    queryFn: async ({ signal }) =>
      toFlowView((await api.call(sessionRoutes.flow, { params: { id: projectId, sessionId }, signal, ...minPosition() })).data),
    retry: false,
  });

const toJobView = (node: JobNode): JobView => ({
  jobId: node.job.id,
  nodeId: node.node.id,
  sessionId: node.session.id,
  status: node.job.status,
  panels: node.panels,
  values: node.values,
  name: node.node.block.name,
  manual: node.node.block.manual,
  assignee: node.job.assignee,
  error: node.job.error,
  session: node.session,
  can: node.can,
  files: node.files,
});

/** GET /api/project/:id/job/:jobId/node — the job with its block's panels and values. */
export const jobQuery = (projectId: string, jobId: string) =>
  queryOptions({
    queryKey: sessionKeys.job(jobId),
    queryFn: async ({ signal }) =>
      toJobView((await api.call(sessionRoutes.node, { params: { id: projectId, jobId }, signal, ...minPosition() })).data),
    retry: false,
  });

/** GET /api/project/:id/job/:jobId/users — who may take the job. */
export const jobUsersQuery = (projectId: string, jobId: string) =>
  queryOptions({
    queryKey: sessionKeys.jobUsers(jobId),
    queryFn: async ({ signal }) => (await api.call(sessionRoutes.users, { params: { id: projectId, jobId }, signal })).data,
  });

const jobParams = (projectId: string, jobId: string) => ({ params: { id: projectId, jobId } });

export const sessionCalls = {
  start: async (projectId: string, body: { workflow: string; name: string; sbs_code: string | null }): Promise<StartedSession> =>
    remember(await api.call(sessionRoutes.start, { params: { id: projectId }, body })).data,
  remove: async (projectId: string, sessionId: string): Promise<void> => {
    remember(await api.call(sessionRoutes.delete, { params: { id: projectId, sessionId } }));
  },
  assign: async (projectId: string, jobId: string, user: string): Promise<JobView> =>
    toJobView(remember(await api.call(sessionRoutes.assign, { ...jobParams(projectId, jobId), body: { user } })).data),
  saveDraft: async ({ projectId, jobId, values }: JobFormRequest): Promise<JobView> =>
    toJobView(remember(await api.call(sessionRoutes.saveValues, { ...jobParams(projectId, jobId), body: { values } })).data),
  finish: async ({ projectId, jobId, values }: JobFormRequest): Promise<JobView> =>
    toJobView(remember(await api.call(sessionRoutes.finish, { ...jobParams(projectId, jobId), body: { values } })).data),
  retry: async (projectId: string, jobId: string): Promise<JobView> =>
    toJobView(remember(await api.call(sessionRoutes.retry, { ...jobParams(projectId, jobId), body: {} })).data),
};

/** After a change of a session: its flow and the project's session lists load again. */
export const refreshSession = (queryClient: QueryClient, projectId: string, sessionId: string): void => {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.flow(projectId, sessionId) });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.lists(projectId) });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.overview(projectId) });
};

/**
 * A session's flow that follows the session while it runs (docs/workflows.md "Screens as built": the browser has no
 * channel of a project's events; it asks again every LIVE_POLL_MS while the session runs and at once when a
 * notification is pushed to the user, e.g. a job assigned to them).
 */
export const useLiveSession = (projectId: string, sessionId: string) => {
  const queryClient = useQueryClient();
  const flow = useQuery({
    ...flowQuery(projectId, sessionId),
    refetchInterval: (query) => (query.state.data?.session.status === 'finished' || query.state.error ? false : LIVE_POLL_MS),
  });
  useEffect(
    () => notificationStore.subscribe(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.flow(projectId, sessionId) })),
    [queryClient, projectId, sessionId],
  );
  return flow;
};

const authorised = (): Record<string, string> => {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};
const jobFilePath = (projectId: string, jobId: string) =>
  `/api/project/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}/file`;

/**
 * Uploads a file for a job's file fields: its raw bytes with ?name= (the contract's binary form, as task appendixes
 * are sent, so a 25 MB file is not inflated to base64). The generic client sends JSON only, so this call is made
 * with fetch; a refusal carries the server's message (415 type, 413 size, 409 job not open, …).
 */
export const uploadJobFile = async (projectId: string, jobId: string, file: File): Promise<JobFile> => {
  const res = await fetch(`${jobFilePath(projectId, jobId)}?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { ...authorised(), 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as Partial<{ data: JobFile; position: number }> & Partial<ErrorEnvelope>;
  if (!res.ok || !body.data) {
    const { key, values, errorKeys } = body;
    throw new ApiError(res.status, body.message ?? res.statusText, body.errors, body.code, { key, values, errorKeys });
  }
  if (typeof body.position === 'number') remember({ position: body.position });
  return body.data;
};

/** Downloads a job's file with the bearer token and hands it to the browser under its own name. */
export const downloadJobFile = async (projectId: string, jobId: string, file: { id: string; name: string }): Promise<void> => {
  const res = await fetch(`${jobFilePath(projectId, jobId)}/${encodeURIComponent(file.id)}`, { headers: authorised() });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorEnvelope>;
    throw new ApiError(res.status, body.message ?? res.statusText, body.errors, body.code, { key: body.key, values: body.values });
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** A file uploaded here joins the held job's files, so its name shows before the job is loaded again. */
export const addJobFile = (queryClient: QueryClient, jobId: string, file: JobFile): void => {
  queryClient.setQueryData<JobView>(sessionKeys.job(jobId), (job) =>
    job && !job.files.some((f) => f.id === file.id) ? { ...job, files: [...job.files, file] } : job,
  );
};
