import type { licenceRoutes, projectRoutes, Body, Project } from '@stramien/api';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, deferContracts } from '../../shared/api';
import { readToken } from '../identity/session/tokenStorage';

const routes = deferContracts(() => import('./contracts'));

export const projectKeys = {
  all: ['projects'] as const,
  list: (licenceId: string, archived = false) => ['projects', 'list', licenceId, archived ? 'with-archived' : 'active'] as const,
  bySlug: (licenceId: string, slug: string) => ['projects', 'slug', licenceId, slug] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  members: (projectId: string) => ['projects', 'detail', projectId, 'members'] as const,
  licenceUsers: (projectId: string) => ['projects', 'detail', projectId, 'licenceUsers'] as const,
  links: (projectId: string) => ['projects', 'detail', projectId, 'links'] as const,
  image: (projectId: string, imageId: string) => ['projects', 'image', projectId, imageId] as const,
  licence: (licenceId: string) => ['projects', 'licence', licenceId] as const,
  licenceModules: (licenceId: string) => ['projects', 'licence', licenceId, 'modules'] as const,
};

/** GET /api/projects?license= — the user's projects of the licence (user admins: all, with is_member). */
export const projectListQuery = (licenceId: string, archived = false) =>
  queryOptions({
    queryKey: projectKeys.list(licenceId, archived),
    queryFn: ({ signal }) =>
      api.call(routes.projectRoutes.list, { query: { license: licenceId, ...(archived ? { archived: '1' as const } : {}) }, signal }),
  });

/** GET /api/projects/slug/:slug/find — the project a /project/:slug page shows. */
export const projectBySlugQuery = (licenceId: string, slug: string) =>
  queryOptions({
    queryKey: projectKeys.bySlug(licenceId, slug),
    queryFn: ({ signal }) => api.call(routes.projectRoutes.findBySlug, { params: { slug }, query: { license: licenceId }, signal }),
    retry: false,
  });

export const projectMembersQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.members(projectId),
    queryFn: ({ signal }) => api.call(routes.projectRoutes.members, { params: { id: projectId }, signal }),
  });

export const licenceUsersQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.licenceUsers(projectId),
    queryFn: ({ signal }) => api.call(routes.projectRoutes.licenseUsers, { params: { id: projectId }, signal }),
  });

export const licenceQuery = (licenceId: string) =>
  queryOptions({
    queryKey: projectKeys.licence(licenceId),
    queryFn: ({ signal }) => api.call(routes.licenceRoutes.get, { params: { id: licenceId }, signal }),
  });

/** GET /api/license/:id/modules — what the licence's projects may add. */
export const licenceModulesQuery = (licenceId: string) =>
  queryOptions({
    queryKey: projectKeys.licenceModules(licenceId),
    queryFn: ({ signal }) => api.call(routes.licenceRoutes.modules, { params: { id: licenceId }, signal }),
    staleTime: 5 * 60_000,
  });

/** The project image as an object URL: the image call needs the bearer token, so an <img src> cannot fetch it itself. */
export const projectImageQuery = (projectId: string, imageId: string) =>
  queryOptions({
    queryKey: projectKeys.image(projectId, imageId),
    queryFn: async ({ signal }) => {
      const token = readToken();
      const res = await fetch(`/api/project/${encodeURIComponent(projectId)}/image/${encodeURIComponent(imageId)}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      });
      if (!res.ok) throw new Error(`image ${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Infinity,
    retry: false,
  });

/** Puts a project the server answered into every cached view of it. */
export const storeProject = (queryClient: QueryClient, project: Project): void => {
  queryClient.setQueryData(projectKeys.bySlug(project.license, project.slug), project);
  queryClient.setQueryData(projectKeys.detail(project.id), project);
  for (const archived of [false, true]) {
    queryClient.setQueryData<Project[]>(projectKeys.list(project.license, archived), (list) =>
      list?.map((p) => (p.id === project.id ? project : p)),
    );
  }
};

export const projectCalls = {
  create: (body: Body<typeof projectRoutes.create>) => api.call(routes.projectRoutes.create, { body }),
  update: (id: string, body: Body<typeof projectRoutes.update>) => api.call(routes.projectRoutes.update, { params: { id }, body }),
  archive: (id: string) => api.call(routes.projectRoutes.archive, { params: { id } }),
  restore: (id: string) => api.call(routes.projectRoutes.restore, { params: { id }, body: {} }),
  connect: (id: string) => api.call(routes.projectRoutes.connect, { params: { id }, body: {} }),
  favorite: (id: string, on: boolean) =>
    api.call(on ? routes.projectRoutes.addFavorite : routes.projectRoutes.removeFavorite, { params: { id } }),
  uploadImage: (id: string, body: Body<typeof projectRoutes.uploadImage>) =>
    api.call(routes.projectRoutes.uploadImage, { params: { id }, body }),
  addMember: (id: string, body: Body<typeof projectRoutes.addMember>) => api.call(routes.projectRoutes.addMember, { params: { id }, body }),
  changeMemberRole: (id: string, userId: string, role: string) =>
    api.call(routes.projectRoutes.changeMemberRole, { params: { id, userId }, body: { role } }),
  removeMember: (id: string, userId: string) => api.call(routes.projectRoutes.removeMember, { params: { id, userId } }),
  createRole: (id: string, body: Body<typeof projectRoutes.createRole>) =>
    api.call(routes.projectRoutes.createRole, { params: { id }, body }),
  updateRole: (id: string, roleId: string, body: Body<typeof projectRoutes.updateRole>) =>
    api.call(routes.projectRoutes.updateRole, { params: { id, roleId }, body }),
  deleteRole: (id: string, roleId: string) => api.call(routes.projectRoutes.deleteRole, { params: { id, roleId } }),
  createLink: (id: string, body: Body<typeof projectRoutes.createLink>) =>
    api.call(routes.projectRoutes.createLink, { params: { id }, body }),
  updateLink: (id: string, linkId: string, body: Body<typeof projectRoutes.updateLink>) =>
    api.call(routes.projectRoutes.updateLink, { params: { id, linkId }, body }),
  deleteLink: (id: string, linkId: string) => api.call(routes.projectRoutes.deleteLink, { params: { id, linkId } }),
  addModule: (projectId: string, moduleId: string) =>
    api.call(routes.projectRoutes.addModule, { params: { moduleId, projectId }, body: {} }),
  removeModule: (projectId: string, moduleId: string) => api.call(routes.projectRoutes.removeModule, { params: { moduleId, projectId } }),
  updateLicence: (id: string, body: Body<typeof licenceRoutes.update>) => api.call(routes.licenceRoutes.update, { params: { id }, body }),
};
