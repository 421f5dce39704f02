import {
  ApiError,
  type ErrorEnvelope,
  type taskPartRoutes,
  type taskRoutes,
  type Body,
  type Label,
  type Task,
  type TaskListItem,
  type TaskListQuery,
} from '@stramien/api';
import type { TaskQueryFilter } from '@stramien/domain';
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, deferContracts } from '../../shared/api';
import { readToken } from '../identity/session/tokenStorage';

/** Rows per page of a task list: the contract's maximum, so 10,000 tasks load in 20 calls while the user scrolls. */
export const TASK_LIST_PAGE_SIZE = 500;

/** The query of a task list: the query-string filters and sort of POST /api/tasks plus column filters in the body. */
export interface TaskListParams {
  query: Omit<TaskListQuery, 'page' | 'per_page'>;
  filters?: TaskQueryFilter[];
}

const routes = deferContracts(() => import('./contracts'));

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (params: TaskListParams) => ['tasks', 'list', params] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  children: (id: string) => ['tasks', 'detail', id, 'children'] as const,
  history: (id: string) => ['tasks', 'detail', id, 'history'] as const,
  gantt: (projectId: string) => ['tasks', 'gantt', projectId] as const,
  labels: (licenceId: string, projectId: string | null) => ['tasks', 'labels', licenceId, projectId ?? 'licence'] as const,
};

/**
 * The log position of the user's last task command: list queries send it (X-Min-Position), so a list loaded
 * right after a change already shows it (ARCHITECTURE.md, read side).
 */
let lastPosition = 0;
export const rememberPosition = (position: number): void => {
  lastPosition = Math.max(lastPosition, position);
};
const minPosition = () => (lastPosition > 0 ? { minPosition: lastPosition } : {});

/** POST /api/tasks, paged: one page after the other as the list scrolls (`fetchNextPage`). */
export const taskListQuery = (params: TaskListParams) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(params),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(routes.taskRoutes.query, {
        query: { ...params.query, page: pageParam, per_page: TASK_LIST_PAGE_SIZE },
        body: params.filters && params.filters.length > 0 ? { filters: params.filters } : {},
        signal,
        ...minPosition(),
      }),
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });

/** One page of POST /api/tasks (sidebars, digest, calendar range): at most `TASK_LIST_PAGE_SIZE` tasks. */
export const taskPageQuery = (params: TaskListParams) =>
  queryOptions({
    queryKey: [...taskKeys.list(params), 'first-page'] as const,
    queryFn: ({ signal }) =>
      api.call(routes.taskRoutes.query, {
        query: { ...params.query, page: 1, per_page: TASK_LIST_PAGE_SIZE },
        body: params.filters && params.filters.length > 0 ? { filters: params.filters } : {},
        signal,
        ...minPosition(),
      }),
  });

/** The user's local calendar day, 'YYYY-MM-DD' (filter[day] of the today's tasks). */
export const localDay = (date: Date = new Date()): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** spec 1 §7 "Tasks due today are fetched with filter[today]=1": the signed-in user's open tasks due today. */
export const todayTasksParams = (day: string = localDay()): TaskListParams => ({
  query: { 'filter[today]': '1', 'filter[day]': day, 'filter[assigned_to]': 'me', 'filter[status]': 'open', sort: 'due' },
});

export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: async ({ signal }) => (await api.call(routes.taskRoutes.get, { params: { id }, signal, ...minPosition() })).data,
    retry: false,
  });

/** The direct subtasks of a task, loaded when its branch of the tree is opened (spec 1 §4). */
export const taskChildrenQuery = (id: string) =>
  queryOptions({
    queryKey: taskKeys.children(id),
    queryFn: async ({ signal }) =>
      (await api.call(routes.taskRoutes.children, { params: { id }, query: { per_page: TASK_LIST_PAGE_SIZE }, signal, ...minPosition() }))
        .data,
  });

export const taskHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: taskKeys.history(id),
    queryFn: async ({ signal }) => (await api.call(routes.taskRoutes.history, { params: { id }, signal, ...minPosition() })).data,
  });

/** A project's Gantt data in one call (every task it may see, with parents and relations). */
export const ganttQuery = (projectId: string) =>
  queryOptions({
    queryKey: taskKeys.gantt(projectId),
    queryFn: async ({ signal }) => (await api.call(routes.taskRoutes.gantt, { params: { id: projectId }, signal, ...minPosition() })).data,
  });

/** The labels a task of the project may carry: licence-wide ones and the project's own. */
export const taskLabelsQuery = (licenceId: string, projectId: string | null) =>
  queryOptions({
    queryKey: taskKeys.labels(licenceId, projectId),
    queryFn: async ({ signal }) =>
      (
        await api.call(routes.labelRoutes.list, {
          query: { 'filter[license]': licenceId, ...(projectId ? { 'filter[project]': projectId } : {}) },
          signal,
        })
      ).data as Label[],
    staleTime: 60_000,
  });

type ListPage = { data: TaskListItem[]; meta: unknown };
const replaceIn = <T extends { id: string }>(list: T[], task: Task): T[] =>
  list.map((item) => (item.id === task.id ? ({ ...item, ...task } as T) : item));

/**
 * spec 1 §4 "the resulting task replaces the held one": the server's task goes into its detail and into every
 * list, page and Gantt that holds it; lists that may now sort or filter differently refresh in the background.
 */
export const storeTask = (queryClient: QueryClient, task: Task, position?: number): void => {
  if (position !== undefined) rememberPosition(position);
  queryClient.setQueryData(taskKeys.detail(task.id), task);
  queryClient.setQueriesData<InfiniteData<ListPage> | ListPage | TaskListItem[]>({ queryKey: taskKeys.all }, (held) => {
    if (!held) return held;
    if (Array.isArray(held)) return held.some((t) => t.id === task.id) ? replaceIn(held, task) : held;
    if ('pages' in held) return { ...held, pages: held.pages.map((page) => ({ ...page, data: replaceIn(page.data, task) })) };
    if ('data' in held && Array.isArray(held.data)) return { ...held, data: replaceIn(held.data, task) };
    return held;
  });
  void queryClient.invalidateQueries({ queryKey: taskKeys.lists, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: taskKeys.history(task.id) });
  if (task.parent) void queryClient.invalidateQueries({ queryKey: taskKeys.children(task.parent) });
};

/** A task command's answer: the server's message, the resulting task, the position of its last event. */
export type TaskCommandAnswer = { message: string; data: Task; position: number };
type TaskAnswer = TaskCommandAnswer;

/** The task commands of spec 1 §7; each answers the server's message and the resulting task. */
export const taskCalls = {
  create: (body: Body<typeof taskRoutes.create>): Promise<TaskAnswer> => api.call(routes.taskRoutes.create, { body }),
  update: (id: string, body: Body<typeof taskRoutes.update>): Promise<TaskAnswer> =>
    api.call(routes.taskRoutes.update, { params: { id }, body }),
  close: (id: string): Promise<TaskAnswer> => api.call(routes.taskRoutes.close, { params: { id }, body: {} }),
  reopen: (id: string): Promise<TaskAnswer> => api.call(routes.taskRoutes.reopen, { params: { id }, body: {} }),
  cancel: (id: string): Promise<TaskAnswer> => api.call(routes.taskRoutes.cancel, { params: { id }, body: {} }),
  remove: (id: string) => api.call(routes.taskRoutes.delete, { params: { id } }),
  postMessage: (id: string, message: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.postMessage, { params: { id }, body: { message, id: crypto.randomUUID() } }),
  addCheck: (id: string, title: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.addCheck, { params: { id }, body: { title, id: crypto.randomUUID() } }),
  updateCheck: (id: string, checkId: string, body: Body<typeof taskPartRoutes.updateCheck>): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.updateCheck, { params: { id, checkId }, body }),
  removeCheck: (id: string, checkId: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.removeCheck, { params: { id, checkId } }),
  addLabel: (id: string, labelId: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.addLabel, { params: { id, labelId }, body: {} }),
  removeLabel: (id: string, labelId: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.removeLabel, { params: { id, labelId } }),
  addRelation: (id: string, task: string, kind: 'predecessor' | 'successor'): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.addRelation, { params: { id }, body: { task, kind } }),
  removeRelation: (id: string, kind: 'predecessor' | 'successor', taskId: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.removeRelation, { params: { id, kind, taskId } }),
  removeAppendix: (id: string, appendixId: string): Promise<TaskAnswer> =>
    api.call(routes.taskPartRoutes.removeAppendix, { params: { id, appendixId } }),
};

const authorised = (): Record<string, string> => {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * Attaches a file: its raw bytes with ?name= (the contract's binary form, so a 25 MB file is not inflated to base64).
 * The generic client sends JSON only, so this call is made with fetch; a refusal carries the server's message.
 */
export const uploadAppendix = async (taskId: string, file: File): Promise<TaskAnswer> => {
  const appendixId = crypto.randomUUID();
  const res = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/appendixes/${appendixId}?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { ...authorised(), 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as Partial<TaskAnswer> & Partial<ErrorEnvelope>;
  if (!res.ok) {
    const { key, values, errorKeys } = body;
    throw new ApiError(res.status, body.message ?? res.statusText, body.errors, body.code, { key, values, errorKeys });
  }
  return body as TaskAnswer;
};

/** Downloads an appendix with the bearer token and hands it to the browser under its own name. */
export const downloadAppendix = async (taskId: string, appendix: { id: string; name: string }): Promise<void> => {
  const res = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/appendixes/${encodeURIComponent(appendix.id)}`, {
    headers: authorised(),
  });
  if (!res.ok) throw new Error(`download ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = appendix.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
