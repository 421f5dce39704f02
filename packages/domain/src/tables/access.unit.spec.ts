import { describe, expect, it } from 'vitest';
import { ALL_GENERAL_PERMISSIONS, NO_GENERAL_PERMISSIONS, type PermissionSubject } from '../permissions/permissions';
import { tableRights } from './access';

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
const permissions = [
  { teamId: 'readers', read: true, write: false },
  { teamId: 'writers', read: false, write: true },
];

describe('table rights (spec 2 §6)', () => {
  it("let project admins, system admins and the licence's user admins manage every table", () => {
    expect(tableRights(projectAdmin, [], [])).toEqual({ manage: true, write: true, read: true });
    expect(tableRights(systemAdmin, [], [])).toEqual({ manage: true, write: true, read: true });
    expect(tableRights(licenceAdmin, [], [])).toEqual({ manage: true, write: true, read: true });
  });
  it("give other members the rights of their teams' permissions, write including read", () => {
    expect(tableRights(member, ['readers'], permissions)).toEqual({ manage: false, write: false, read: true });
    expect(tableRights(member, ['writers'], permissions)).toEqual({ manage: false, write: true, read: true });
    expect(tableRights(member, ['others'], permissions)).toEqual({ manage: false, write: false, read: false });
  });
  it('give nothing to a user outside the project, whatever teams are named', () => {
    expect(tableRights(outsider, ['writers'], permissions)).toEqual({ manage: false, write: false, read: false });
  });
});
