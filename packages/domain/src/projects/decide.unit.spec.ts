import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { projectDecider, type CreateProject, type ProjectCommand } from './decide';
import { projectMessages as m } from './messages';
import { modulesForLicence } from '../licences/manufacturing';
import type { ProjectEvent } from './project';
import { projectSlugDecider } from './slugClaim';

const spec = deciderSpec(projectDecider);
const standard = modulesForLicence('Bouw BV').map((x) => x.id);
const manufacturer = modulesForLicence('DHME Fabriek').map((x) => x.id);
const P = 'p1';
const meta = (userId = 'creator') => ({ actor: { userId, licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' });
const cmd = <C extends ProjectCommand>(type: C['type'], data: C['data'], userId?: string) => ({ type, data, metadata: meta(userId) }) as C;

const createData = (over: Partial<CreateProject['data']> = {}): CreateProject['data'] => ({
  projectId: P,
  licenceId: 'l1',
  name: 'Nieuwbouw',
  number: '2024-01',
  description: '',
  slug: '2024-01-nieuwbouw',
  modules: [],
  roles: [],
  defaultAdminRoleId: 'r-default',
  usersOutsideLicence: [],
  availableModules: standard,
  ...over,
});
const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: { projectId: P, licenceId: 'l1', name: 'Nieuwbouw', number: '2024-01', description: '', slug: '2024-01-nieuwbouw' },
};
const adminRole: ProjectEvent = { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'ra', name: 'Admin', isProjectAdmin: true } };
const memberRole: ProjectEvent = { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'rm', name: 'Member', isProjectAdmin: false } };
const creatorAdmin: ProjectEvent = { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'creator', roleId: 'ra' } };
const annMember: ProjectEvent = { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'ann', roleId: 'rm' } };
const base = [created, adminRole, memberRole, creatorAdmin, annMember];
const archived: ProjectEvent = { type: 'ProjectArchived', data: { projectId: P } };
const link: ProjectEvent = {
  type: 'ProjectLinkAdded',
  data: { projectId: P, linkId: 'k1', name: 'Drive', link: 'https://example.com/drive', color: '#2e8be8' },
};

describe('Project', () => {
  describe('when created', () => {
    it('adds a project admin role and makes the creator its member when no role is flagged is_projectadmin', () =>
      spec
        .given([])
        .when(cmd('CreateProject', createData()))
        .then([
          created,
          { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'r-default', name: 'Project admin', isProjectAdmin: true } },
          { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'creator', roleId: 'r-default' } },
        ]));

    it('creates the given roles with their users and the modules, the creator in the first admin role', () =>
      spec
        .given([])
        .when(
          cmd(
            'CreateProject',
            createData({
              roles: [
                { roleId: 'rm', name: 'Member', isProjectAdmin: false, userIds: ['ann', 'creator'] },
                { roleId: 'ra', name: ' Admin ', isProjectAdmin: true, userIds: ['bob'] },
              ],
              modules: [
                { moduleId: 'build-order', pool: 20 },
                { moduleId: 'build-order', pool: 20 },
              ],
            }),
          ),
        )
        .then([
          created,
          memberRole,
          adminRole,
          creatorAdmin,
          annMember,
          { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'bob', roleId: 'ra' } },
          { type: 'ProjectModuleAdded', data: { projectId: P, moduleId: 'build-order', pool: 20 } },
        ]));

    it('refuses a manufacturing module outside a manufacturer licence', () =>
      spec
        .given([])
        .when(cmd('CreateProject', createData({ modules: [{ moduleId: 'dhme-hall-dashboard', pool: 20 }] })))
        .thenThrows(m.moduleNotLicensed, 422));

    it('allows it in a manufacturer licence', () =>
      spec
        .given([])
        .when(
          cmd('CreateProject', createData({ availableModules: manufacturer, modules: [{ moduleId: 'dhme-hall-dashboard', pool: 20 }] })),
        )
        .then([
          created,
          { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'r-default', name: 'Project admin', isProjectAdmin: true } },
          { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'creator', roleId: 'r-default' } },
          { type: 'ProjectModuleAdded', data: { projectId: P, moduleId: 'dhme-hall-dashboard', pool: 20 } },
        ]));

    it('refuses an unknown module', () =>
      spec
        .given([])
        .when(cmd('CreateProject', createData({ modules: [{ moduleId: 'nope', pool: 20 }] })))
        .thenThrows(m.moduleNotFound, 422));
    it('refuses users outside the licence', () =>
      spec
        .given([])
        .when(cmd('CreateProject', createData({ usersOutsideLicence: ['x'] })))
        .thenThrows(m.userNotInLicence, 422));
    it('refuses two roles with the same name', () =>
      spec
        .given([])
        .when(
          cmd(
            'CreateProject',
            createData({
              roles: [
                { roleId: 'a', name: 'Team', isProjectAdmin: true, userIds: [] },
                { roleId: 'b', name: 'team', isProjectAdmin: false, userIds: [] },
              ],
            }),
          ),
        )
        .thenThrows(m.roleNameTaken, 422));
    it('refuses a user in two roles', () =>
      spec
        .given([])
        .when(
          cmd(
            'CreateProject',
            createData({
              roles: [
                { roleId: 'a', name: 'A', isProjectAdmin: true, userIds: ['ann'] },
                { roleId: 'b', name: 'B', isProjectAdmin: false, userIds: ['ann'] },
              ],
            }),
          ),
        )
        .thenThrows(m.oneRolePerUser, 422));
    it('refuses an empty name', () =>
      spec
        .given([])
        .when(cmd('CreateProject', createData({ name: ' ' })))
        .thenThrows(m.required, 422));
    it('refuses to create it twice', () => spec.given(base).when(cmd('CreateProject', createData())).thenThrows(m.exists, 409));
  });

  describe('when updated', () => {
    it('records the resulting general fields', () =>
      spec
        .given(base)
        .when(cmd('UpdateProject', { name: 'Renovatie' }))
        .then([{ type: 'ProjectUpdated', data: { projectId: P, name: 'Renovatie', number: '2024-01', description: '' } }]));
    it('records nothing when nothing changes', () =>
      spec
        .given(base)
        .when(cmd('UpdateProject', { number: '2024-01' }))
        .then([]));
    it('refuses changes to an archived project', () =>
      spec
        .given([...base, archived])
        .when(cmd('UpdateProject', { name: 'X' }))
        .thenThrows(m.archived, 409));
    it('answers 404 for a project that does not exist', () =>
      spec
        .given([])
        .when(cmd('UpdateProject', { name: 'X' }))
        .thenThrows(m.notFound, 404));
  });

  describe('when archived and restored', () => {
    it('archives once', () => {
      spec.given(base).when(cmd('ArchiveProject', {})).then([archived]);
      spec
        .given([...base, archived])
        .when(cmd('ArchiveProject', {}))
        .then([]);
    });
    it('restores an archived project', () =>
      spec
        .given([...base, archived])
        .when(cmd('RestoreProject', {}))
        .then([{ type: 'ProjectRestored', data: { projectId: P } }]));
  });

  describe('members', () => {
    it('adds a user of the licence with a role', () =>
      spec
        .given(base)
        .when(cmd('AddProjectMember', { userId: 'bob', roleId: 'rm', inLicence: true }))
        .then([{ type: 'ProjectMemberAdded', data: { projectId: P, userId: 'bob', roleId: 'rm' } }]));
    it('refuses a user outside the licence', () =>
      spec
        .given(base)
        .when(cmd('AddProjectMember', { userId: 'bob', roleId: 'rm', inLicence: false }))
        .thenThrows(m.userNotInLicence, 422));
    it('refuses a member twice', () =>
      spec
        .given(base)
        .when(cmd('AddProjectMember', { userId: 'ann', roleId: 'rm', inLicence: true }))
        .thenThrows(m.alreadyMember, 409));
    it('refuses an unknown role', () =>
      spec
        .given(base)
        .when(cmd('AddProjectMember', { userId: 'bob', roleId: 'nope', inLicence: true }))
        .thenThrows(m.roleNotFound, 422));
    it('changes a role', () =>
      spec
        .given(base)
        .when(cmd('ChangeProjectMemberRole', { userId: 'ann', roleId: 'ra' }))
        .then([{ type: 'ProjectMemberRoleChanged', data: { projectId: P, userId: 'ann', roleId: 'ra' } }]));
    it('keeps at least one member with a project admin role', () => {
      spec
        .given(base)
        .when(cmd('ChangeProjectMemberRole', { userId: 'creator', roleId: 'rm' }))
        .thenThrows(m.lastProjectAdmin, 422);
      spec
        .given(base)
        .when(cmd('RemoveProjectMember', { userId: 'creator' }))
        .thenThrows(m.lastProjectAdmin, 422);
    });
    it('removes a member', () =>
      spec
        .given(base)
        .when(cmd('RemoveProjectMember', { userId: 'ann' }))
        .then([{ type: 'ProjectMemberRemoved', data: { projectId: P, userId: 'ann' } }]));
    it('answers 404 for a user who is not a member', () =>
      spec
        .given(base)
        .when(cmd('RemoveProjectMember', { userId: 'bob' }))
        .thenThrows(m.notMember, 404));
  });

  describe('when an admin connects', () => {
    it('makes them a member with the first project admin role', () =>
      spec
        .given(base)
        .when(cmd('ConnectToProject', {}, 'licence-admin'))
        .then([{ type: 'ProjectMemberAdded', data: { projectId: P, userId: 'licence-admin', roleId: 'ra' } }]));
    it('does nothing for a member', () =>
      spec
        .given(base)
        .when(cmd('ConnectToProject', {}, 'ann'))
        .then([]));
  });

  describe('roles', () => {
    it('adds a role', () =>
      spec
        .given(base)
        .when(cmd('AddProjectRole', { roleId: 'rv', name: 'Viewer', isProjectAdmin: false }))
        .then([{ type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'rv', name: 'Viewer', isProjectAdmin: false } }]));
    it('refuses a name that is taken', () =>
      spec
        .given(base)
        .when(cmd('AddProjectRole', { roleId: 'rv', name: 'member', isProjectAdmin: false }))
        .thenThrows(m.roleNameTaken, 422));
    it('refuses to unflag the only admin role that has members', () =>
      spec
        .given(base)
        .when(cmd('UpdateProjectRole', { roleId: 'ra', isProjectAdmin: false }))
        .thenThrows(m.lastProjectAdmin, 422));
    it('renames a role', () =>
      spec
        .given(base)
        .when(cmd('UpdateProjectRole', { roleId: 'rm', name: 'Collaborator' }))
        .then([{ type: 'ProjectRoleUpdated', data: { projectId: P, roleId: 'rm', name: 'Collaborator', isProjectAdmin: false } }]));
    it('refuses to delete a role with members', () =>
      spec
        .given(base)
        .when(cmd('RemoveProjectRole', { roleId: 'rm' }))
        .thenThrows(m.roleHasMembers, 409));
    it('deletes a role without members', () =>
      spec
        .given([...base, { type: 'ProjectMemberRemoved', data: { projectId: P, userId: 'ann' } }])
        .when(cmd('RemoveProjectRole', { roleId: 'rm' }))
        .then([{ type: 'ProjectRoleRemoved', data: { projectId: P, roleId: 'rm' } }]));
    it('answers 404 for an unknown role', () =>
      spec
        .given(base)
        .when(cmd('RemoveProjectRole', { roleId: 'x' }))
        .thenThrows(m.roleNotFound, 404));
  });

  describe('favourites', () => {
    it('adds and removes the acting user once', () => {
      const added: ProjectEvent = { type: 'ProjectAddedToFavorites', data: { projectId: P, userId: 'ann' } };
      spec
        .given(base)
        .when(cmd('AddProjectToFavorites', {}, 'ann'))
        .then([added]);
      spec
        .given([...base, added])
        .when(cmd('AddProjectToFavorites', {}, 'ann'))
        .then([]);
      spec
        .given([...base, added])
        .when(cmd('RemoveProjectFromFavorites', {}, 'ann'))
        .then([{ type: 'ProjectRemovedFromFavorites', data: { projectId: P, userId: 'ann' } }]);
      spec
        .given(base)
        .when(cmd('RemoveProjectFromFavorites', {}, 'ann'))
        .then([]);
    });
  });

  describe('external links', () => {
    it('adds a link with a normalised colour', () =>
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k1', name: ' Drive ', link: 'https://example.com/drive', color: '2E8BE8' }))
        .then([link]));
    it('accepts a link without colour', () =>
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k2', name: 'Wiki', link: 'http://wiki.example.com', color: null }))
        .then([
          { type: 'ProjectLinkAdded', data: { projectId: P, linkId: 'k2', name: 'Wiki', link: 'http://wiki.example.com', color: null } },
        ]));
    it("refuses an empty name or url with 'Required.'", () => {
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k', name: '', link: 'https://x.nl', color: null }))
        .thenThrows('Required.', 422);
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k', name: 'X', link: ' ', color: null }))
        .thenThrows('Required.', 422);
    });
    it("refuses a bad colour with 'Invalid HEX color.'", () =>
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k', name: 'X', link: 'https://x.nl', color: '#12' }))
        .thenThrows('Invalid HEX color.', 422));
    it('refuses an address that is not a web address', () =>
      spec
        .given(base)
        .when(cmd('AddProjectLink', { linkId: 'k', name: 'X', link: 'javascript:alert(1)', color: null }))
        .thenThrows(m.invalidLink, 422));
    it('updates and removes a link', () => {
      spec
        .given([...base, link])
        .when(cmd('UpdateProjectLink', { linkId: 'k1', name: 'Drive 2' }))
        .then([{ type: 'ProjectLinkUpdated', data: { ...link.data, name: 'Drive 2' } as never }]);
      spec
        .given([...base, link])
        .when(cmd('RemoveProjectLink', { linkId: 'k1' }))
        .then([{ type: 'ProjectLinkRemoved', data: { projectId: P, linkId: 'k1' } }]);
    });
    it('answers 404 for an unknown link', () =>
      spec
        .given(base)
        .when(cmd('UpdateProjectLink', { linkId: 'k9', name: 'X' }))
        .thenThrows(m.linkNotFound, 404));
  });

  describe('modules', () => {
    it('adds a module with its pool and ignores adding it again', () => {
      const added: ProjectEvent = { type: 'ProjectModuleAdded', data: { projectId: P, moduleId: 'fourd', pool: 20 } };
      spec
        .given(base)
        .when(cmd('AddProjectModule', { moduleId: 'fourd', pool: 20, availableModules: standard }))
        .then([added]);
      spec
        .given([...base, added])
        .when(cmd('AddProjectModule', { moduleId: 'fourd', pool: 20, availableModules: standard }))
        .then([]);
    });
    it('refuses a manufacturing module outside a manufacturer licence', () =>
      spec
        .given(base)
        .when(cmd('AddProjectModule', { moduleId: 'dhme-library', pool: 20, availableModules: standard }))
        .thenThrows(m.moduleNotLicensed, 422));
    it('answers 404 when removing a module that is not added', () =>
      spec
        .given(base)
        .when(cmd('RemoveProjectModule', { moduleId: 'fourd' }))
        .thenThrows(m.moduleNotInProject, 404));
  });
});

describe('Project slug', () => {
  const slugs = deciderSpec(projectSlugDecider);
  const claim = (projectId: string) => ({
    type: 'ClaimProjectSlug' as const,
    data: { licenceId: 'l1', slug: 'x', projectId },
    metadata: meta(),
  });
  const claimed = { type: 'ProjectSlugClaimed' as const, data: { licenceId: 'l1', slug: 'x', projectId: 'p1' } };
  it('is claimed by the first project', () => slugs.given([]).when(claim('p1')).then([claimed]));
  it('is refused to another project', () => slugs.given([claimed]).when(claim('p2')).thenThrows(m.slugTaken, 409));
  it('is claimed again by the same project without a new event', () => slugs.given([claimed]).when(claim('p1')).then([]));
});
