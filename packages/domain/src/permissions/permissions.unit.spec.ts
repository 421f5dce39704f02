import { describe, expect, it } from 'vitest';
import {
  ALL_GENERAL_PERMISSIONS,
  can,
  mustConnectFirst,
  mergeGeneralPermissions,
  NO_GENERAL_PERMISSIONS,
  PERMISSION_CHECKS,
  type PermissionCheck,
  type PermissionSubject,
} from './permissions';

const member = (over: Partial<NonNullable<PermissionSubject['project']>> = {}) => ({
  isMember: true,
  isProjectAdmin: false,
  generalPermissions: { ...NO_GENERAL_PERMISSIONS, tasks: true },
  ...over,
});

/** role x check: one row per role, one column per check (general-apps asked for 'tasks' and 'sbs'). */
const roles: Record<string, PermissionSubject> = {
  'system admin, no project': { isSystemAdmin: true, isLicenceAdmin: false },
  'licence admin, no project': { isSystemAdmin: false, isLicenceAdmin: true },
  'ordinary user, no project': { isSystemAdmin: false, isLicenceAdmin: false },
  'system admin, not a member': { isSystemAdmin: true, isLicenceAdmin: false, project: member({ isMember: false }) },
  'licence admin, not a member': { isSystemAdmin: false, isLicenceAdmin: true, project: member({ isMember: false }) },
  'ordinary user, not a member': { isSystemAdmin: false, isLicenceAdmin: false, project: member({ isMember: false }) },
  member: { isSystemAdmin: false, isLicenceAdmin: false, project: member() },
  'member with sbs team permission': {
    isSystemAdmin: false,
    isLicenceAdmin: false,
    project: member({ generalPermissions: ALL_GENERAL_PERMISSIONS }),
  },
  'project admin': { isSystemAdmin: false, isLicenceAdmin: false, project: member({ isProjectAdmin: true }) },
  'project admin with sbs flag': {
    isSystemAdmin: false,
    isLicenceAdmin: false,
    project: member({ isProjectAdmin: true, generalPermissions: ALL_GENERAL_PERMISSIONS }),
  },
};

type Row = Record<PermissionCheck | 'general-apps:sbs', boolean>;
const T = true;
const F = false;
const expected: Record<keyof typeof roles, Row> = {
  // prettier-ignore
  'system admin, no project':        { admin: T, 'admin-account-companies': T, 'admin-license-modules': T, project: F, 'project-settings': F, 'general-apps': F, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'licence admin, no project':       { admin: T, 'admin-account-companies': F, 'admin-license-modules': F, project: F, 'project-settings': F, 'general-apps': F, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'ordinary user, no project':       { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: F, 'project-settings': F, 'general-apps': F, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'system admin, not a member':      { admin: T, 'admin-account-companies': T, 'admin-license-modules': T, project: T, 'project-settings': T, 'general-apps': T, 'general-apps:sbs': T, 'project-links': T, 'project-links.create': T, 'project-links.update': T, 'sbs-management': F },
  // prettier-ignore
  'licence admin, not a member':     { admin: T, 'admin-account-companies': F, 'admin-license-modules': F, project: T, 'project-settings': T, 'general-apps': F, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'ordinary user, not a member':     { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: F, 'project-settings': F, 'general-apps': F, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  member:                            { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: T, 'project-settings': F, 'general-apps': T, 'general-apps:sbs': F, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'member with sbs team permission': { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: T, 'project-settings': F, 'general-apps': T, 'general-apps:sbs': T, 'project-links': F, 'project-links.create': F, 'project-links.update': F, 'sbs-management': F },
  // prettier-ignore
  'project admin':                   { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: T, 'project-settings': T, 'general-apps': T, 'general-apps:sbs': T, 'project-links': T, 'project-links.create': T, 'project-links.update': T, 'sbs-management': F },
  // prettier-ignore
  'project admin with sbs flag':     { admin: F, 'admin-account-companies': F, 'admin-license-modules': F, project: T, 'project-settings': T, 'general-apps': T, 'general-apps:sbs': T, 'project-links': T, 'project-links.create': T, 'project-links.update': T, 'sbs-management': T },
};

describe('can', () => {
  for (const [role, subject] of Object.entries(roles)) {
    describe(role, () => {
      for (const check of PERMISSION_CHECKS) {
        const want = expected[role]![check];
        it(`${want ? 'may' : 'may not'} ${check}`, () =>
          expect(can(subject, check, check === 'general-apps' ? { app: 'tasks' } : {})).toBe(want));
      }
      const wantSbs = expected[role]!['general-apps:sbs'];
      it(`${wantSbs ? 'may' : 'may not'} open the SBS general app`, () =>
        expect(can(subject, 'general-apps', { app: 'sbs' })).toBe(wantSbs));
    });
  }
});

describe('mustConnectFirst', () => {
  it('shows the connect overlay to admins who are not members', () => {
    expect(mustConnectFirst(roles['licence admin, not a member']!)).toBe(true);
    expect(mustConnectFirst(roles['system admin, not a member']!)).toBe(true);
  });
  it('never to members or to ordinary non-members', () => {
    expect(mustConnectFirst(roles.member!)).toBe(false);
    expect(mustConnectFirst(roles['ordinary user, not a member']!)).toBe(false);
  });
});

describe('mergeGeneralPermissions', () => {
  it('grants an app when any of the user’s teams grants it', () => {
    expect(mergeGeneralPermissions([{ sbs: true }, { tasks: true, sbs: false }, {}])).toEqual({
      ...NO_GENERAL_PERMISSIONS,
      sbs: true,
      tasks: true,
    });
  });
});
