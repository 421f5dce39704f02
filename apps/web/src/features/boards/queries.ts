import { boardRoutes, labelRoutes, projectRoutes, type Body } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const boardKeys = {
  all: ['boards'] as const,
  list: () => ['boards', 'list'] as const,
  cards: (boardId: string) => ['boards', boardId, 'cards'] as const,
  labels: () => ['boards', 'labels'] as const,
  projects: (licenceId: string) => ['boards', 'projects', licenceId] as const,
  members: (projectId: string) => ['boards', 'members', projectId] as const,
};

/** GET /api/boards — the user's boards, oldest first. */
export const boardsQuery = () =>
  queryOptions({
    queryKey: boardKeys.list(),
    queryFn: async ({ signal }) => (await api.call(boardRoutes.list, { signal })).data,
  });

/** GET /api/boards/:id/cards — the task cards of each lane, in order. */
export const boardCardsQuery = (boardId: string) =>
  queryOptions({
    queryKey: boardKeys.cards(boardId),
    queryFn: async ({ signal }) => (await api.call(boardRoutes.cards, { params: { id: boardId }, signal })).data,
  });

/** GET /api/labels — the labels a lane may use and cards show. */
export const boardLabelsQuery = () =>
  queryOptions({
    queryKey: boardKeys.labels(),
    queryFn: async ({ signal }) => (await api.call(labelRoutes.list, { signal })).data,
  });

/** GET /api/projects — the projects a board may be limited to. */
export const boardProjectsQuery = (licenceId: string) =>
  queryOptions({
    queryKey: boardKeys.projects(licenceId),
    queryFn: async ({ signal }) => api.call(projectRoutes.list, { query: { license: licenceId }, signal }),
  });

/** GET /api/project/:id/members — the users an assignee lane of a project board may name. */
export const boardMembersQuery = (projectId: string) =>
  queryOptions({
    queryKey: boardKeys.members(projectId),
    queryFn: async ({ signal }) => api.call(projectRoutes.members, { params: { id: projectId }, signal }),
  });

/** The board calls (spec 2 §7) and the card drop. */
export const boardCalls = {
  create: (body: Body<typeof boardRoutes.create>) => api.call(boardRoutes.create, { body }),
  update: (id: string, body: Body<typeof boardRoutes.update>) => api.call(boardRoutes.update, { params: { id }, body }),
  remove: (id: string) => api.call(boardRoutes.delete, { params: { id } }),
  addLane: (id: string, body: Body<typeof boardRoutes.addLane>) => api.call(boardRoutes.addLane, { params: { id }, body }),
  updateLane: (id: string, laneId: string, body: Body<typeof boardRoutes.updateLane>) =>
    api.call(boardRoutes.updateLane, { params: { id, laneId }, body }),
  removeLane: (id: string, laneId: string) => api.call(boardRoutes.deleteLane, { params: { id, laneId } }),
  moveCard: (id: string, taskId: string, laneId: string, index: number) =>
    api.call(boardRoutes.moveCard, { params: { id, taskId }, body: { lane_id: laneId, index } }),
};
