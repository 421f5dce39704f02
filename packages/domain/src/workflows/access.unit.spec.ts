import { describe, expect, it } from 'vitest';
import { ALL_GENERAL_PERMISSIONS, NO_GENERAL_PERMISSIONS, type PermissionSubject } from '../permissions/permissions';
import { projectWorkflowRights } from './access';

const member: PermissionSubject = {
  isSystemAdmin: false,
  isLicenceAdmin: false,
  project: { isMember: true, isProjectAdmin: false, generalPermissions: NO_GENERAL_PERMISSIONS },
};
const projectAdmin: PermissionSubject = {
  ...member,
  project: { ...member.project!, isProjectAdmin: true, generalPermissions: ALL_GENERAL_PERMISSIONS },
};
const systemAdmin: PermissionSubject = { ...member, isSystemAdmin: true, project: { ...member.project!, isMember: false } };
const licenceAdmin: PermissionSubject = { ...member, isLicenceAdmin: true, project: { ...member.project!, isMember: false } };
const outsider: PermissionSubject = { ...member, project: { ...member.project!, isMember: false } };

describe('project workflow rights (spec 2 §6)', () => {
  it("let project admins, system admins and the licence's user admins administer every project workflow", () => {
    for (const subject of [projectAdmin, systemAdmin, licenceAdmin])
      expect(projectWorkflowRights(subject, [])).toEqual({ admin: true, write: true, read: true });
  });
  it("give other members the rights of their teams' workflow permissions, write including read", () => {
    expect(projectWorkflowRights(member, ['read'])).toEqual({ admin: false, write: false, read: true });
    expect(projectWorkflowRights(member, ['write'])).toEqual({ admin: false, write: true, read: true });
    expect(projectWorkflowRights(member, ['read', 'write'])).toEqual({ admin: false, write: true, read: true });
    expect(projectWorkflowRights(member, [])).toEqual({ admin: false, write: false, read: false });
  });
  it('give nothing to a user outside the project, whatever their teams hold', () => {
    expect(projectWorkflowRights(outsider, ['write'])).toEqual({ admin: false, write: false, read: false });
  });
});
