import { DomainError } from '../shared/domainError';
import { unknownCommand, type Actor, type Command, type Decider } from '../shared/decider';
import { evolveUser, initialUserState, type Language, type UserEvent, type UserState } from './user';
import { normaliseEmail } from './userStream';
import { messages } from '../shared/messages';
import { accountMessages } from './messages';

export type RegisterUser = Command<
  'RegisterUser',
  { userId: string; email: string; firstname: string; lastname: string; language: Language; passwordHash: string; isSystemAdmin: boolean }
>;
export type AddUserToLicence = Command<'AddUserToLicence', { licenceId: string; isAdmin: boolean }>;
export type UpdateUserProfile = Command<'UpdateUserProfile', { firstname?: string; lastname?: string; language?: Language }>;
/** credentialsValid is established by the handler (hash check) before deciding */
export type SignIn = Command<'SignIn', { sessionId: string; deviceId: string | null; userAgent: string | null; credentialsValid: boolean }>;
export type SignOut = Command<'SignOut', { sessionId: string }>;
/** currentPasswordValid is established by the handler (hash check) before deciding */
export type ChangePassword = Command<'ChangePassword', { passwordHash: string; currentPasswordValid: boolean }>;
/** tokenHash: SHA-256 of the mailed random token; the handler generates it, decide sets the expiry from `now` */
export type RequestPasswordReset = Command<'RequestPasswordReset', { tokenHash: string }>;
export type ResetPassword = Command<'ResetPassword', { tokenHash: string; passwordHash: string }>;
/**
 * Invites the user at `userId` into a licence. A new account is registered with `passwordHash`, a hash nobody
 * knows the password of, and gets an invitation token; an existing one is only added to the licence.
 */
export type InviteUser = Command<
  'InviteUser',
  {
    userId: string;
    email: string;
    firstname: string;
    lastname: string;
    language: Language;
    licenceId: string;
    isAdmin: boolean;
    tokenHash: string;
    passwordHash: string;
  }
>;
export type AcceptInvitation = Command<
  'AcceptInvitation',
  { tokenHash: string; passwordHash: string; firstname: string; lastname: string }
>;
export type DisableUser = Command<'DisableUser', Record<string, never>>;
export type EnableUser = Command<'EnableUser', Record<string, never>>;
export type SetLicenceAdmin = Command<'SetLicenceAdmin', { licenceId: string; isAdmin: boolean }>;
export type RemoveUserFromLicence = Command<'RemoveUserFromLicence', { licenceId: string }>;
export type UserCommand =
  | RegisterUser
  | AddUserToLicence
  | UpdateUserProfile
  | SignIn
  | SignOut
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | InviteUser
  | AcceptInvitation
  | DisableUser
  | EnableUser
  | SetLicenceAdmin
  | RemoveUserFromLicence;

/** A reset link works this long after it was requested. */
export const RESET_TOKEN_TTL_MINUTES = 30;
/** A further reset request within this time sends no new mail (the first link still works). */
export const RESET_REQUEST_COOLDOWN_SECONDS = 60;
/** An invitation works this long after it was sent. */
export const INVITATION_TTL_DAYS = 7;

const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
const isBefore = (now: string, iso: string): boolean => Date.parse(now) < Date.parse(iso);

const mustExist = (state: UserState): DomainError | null => (state.exists ? null : new DomainError('User not found', 404));

export const register = (command: RegisterUser, state: UserState): UserEvent[] | DomainError => {
  if (state.exists) return new DomainError(messages.identity.emailTaken, 409, { email: [messages.identity.emailTaken] });
  return [{ type: 'UserRegistered', data: { ...command.data, email: normaliseEmail(command.data.email) } }];
};

export const addToLicence = (command: AddUserToLicence, state: UserState): UserEvent[] | DomainError => {
  const missing = mustExist(state);
  if (missing) return missing;
  if (state.licences[command.data.licenceId] === command.data.isAdmin) return [];
  return [{ type: 'UserAddedToLicence', data: { userId: state.userId, ...command.data } }];
};

/**
 * May `actor` administer this account (its profile, its whole-account state)? A system admin may. A licence admin may change only an account that is not a system admin and whose licences they all
 * administer: adding an existing address to one's licence gives no power over an account that works elsewhere too.
 * A user sharing no licence with the actor does not see the account (404).
 */
export const accountChangeRefusal = (
  actor: Pick<Actor, 'userId' | 'isSystemAdmin' | 'licences'>,
  account: { userId: string; isSystemAdmin: boolean; licences: Record<string, boolean> },
): DomainError | null => {
  if (actor.isSystemAdmin) return null;
  const licenceIds = Object.keys(account.licences);
  const shared = licenceIds.filter((l) => actor.licences?.[l] !== undefined);
  if (shared.length === 0) return new DomainError(accountMessages.userNotFound, 404);
  const administered = shared.filter((l) => actor.licences?.[l] === true);
  if (administered.length === 0) return new DomainError(messages.shared.forbidden, 403);
  if (account.isSystemAdmin) return new DomainError(accountMessages.onlySystemAdminForSystemAdmin, 403);
  if (administered.length < licenceIds.length) return new DomainError(accountMessages.otherLicencesNeedSystemAdmin, 403);
  return null;
};

export const updateProfile = (command: UpdateUserProfile, state: UserState): UserEvent[] | DomainError => {
  const missing = mustExist(state);
  if (missing) return missing;
  const actor = command.metadata.actor;
  const refused = actor.userId === state.userId ? null : accountChangeRefusal(actor, state);
  if (refused) return refused;
  const changed = Object.entries(command.data).some(([k, v]) => v !== undefined && state[k as keyof UserState] !== v);
  if (!changed) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: state.userId, ...command.data } }];
};

export const signIn = (command: SignIn, state: UserState): UserEvent[] | DomainError => {
  if (!state.exists) return new DomainError(messages.identity.invalidCredentials, 401);
  if (!command.data.credentialsValid) {
    return [{ type: 'UserSignInFailed', data: { userId: state.userId, reason: 'bad-credentials' } }];
  }
  // only someone who knows the password learns that the account is disabled
  if (state.disabled) return new DomainError(accountMessages.accountDisabled, 403, undefined, 'account-disabled');
  const { sessionId, deviceId, userAgent } = command.data;
  const newDevice = deviceId !== null && !state.knownDevices.includes(deviceId);
  return [{ type: 'UserSignedIn', data: { userId: state.userId, sessionId, deviceId, newDevice, userAgent } }];
};

export const signOut = (command: SignOut, state: UserState): UserEvent[] | DomainError => {
  const missing = mustExist(state);
  if (missing) return missing;
  if (!state.activeSessions.includes(command.data.sessionId)) return [];
  return [{ type: 'UserSignedOut', data: { userId: state.userId, sessionId: command.data.sessionId } }];
};

const mustBeActiveSelf = (command: UserCommand, state: UserState): DomainError | null => {
  if (!state.exists) return new DomainError(accountMessages.userNotFound, 404);
  if (command.metadata.actor.userId !== state.userId) return new DomainError(messages.shared.forbidden, 403);
  if (state.disabled) return new DomainError(accountMessages.accountDisabled, 403, undefined, 'account-disabled');
  return null;
};

export const changePassword = (command: ChangePassword, state: UserState): UserEvent[] | DomainError => {
  const refused = mustBeActiveSelf(command, state);
  if (refused) return refused;
  if (!command.data.currentPasswordValid) {
    return new DomainError(accountMessages.currentPasswordWrong, 422, { currentpassword: [accountMessages.currentPasswordWrong] });
  }
  return [{ type: 'UserPasswordChanged', data: { userId: state.userId, passwordHash: command.data.passwordHash } }];
};

/** Nothing happens for an unknown or disabled account, nor right after a previous request (no mail flood). */
export const requestPasswordReset = (command: RequestPasswordReset, state: UserState): UserEvent[] | DomainError => {
  if (!state.exists || state.disabled) return [];
  const now = command.metadata.now;
  const last = state.passwordReset;
  if (last && isBefore(now, plus(last.requestedAt, RESET_REQUEST_COOLDOWN_SECONDS * 1000)) && isBefore(now, last.expiresAt)) return [];
  return [
    {
      type: 'UserPasswordResetRequested',
      data: {
        userId: state.userId,
        tokenHash: command.data.tokenHash,
        requestedAt: now,
        expiresAt: plus(now, RESET_TOKEN_TTL_MINUTES * 60_000),
      },
    },
  ];
};

const invalidResetToken = () => new DomainError(accountMessages.resetTokenInvalid, 422, undefined, 'invalid-reset-token');

/** Only the last requested link works, once, until it expires; it does not sign the user in. */
export const resetPassword = (command: ResetPassword, state: UserState): UserEvent[] | DomainError => {
  const pending = state.passwordReset;
  if (!state.exists || !pending || pending.tokenHash !== command.data.tokenHash) return invalidResetToken();
  if (!isBefore(command.metadata.now, pending.expiresAt)) return invalidResetToken();
  if (state.disabled) return new DomainError(accountMessages.accountDisabled, 403, undefined, 'account-disabled');
  return [{ type: 'UserPasswordReset', data: { userId: state.userId, passwordHash: command.data.passwordHash } }];
};

export const inviteUser = (command: InviteUser, state: UserState): UserEvent[] | DomainError => {
  const { userId, email, firstname, lastname, language, licenceId, isAdmin, tokenHash, passwordHash } = command.data;
  const expiresAt = plus(command.metadata.now, INVITATION_TTL_DAYS * 86_400_000);
  if (!state.exists) {
    return [
      {
        type: 'UserRegistered',
        data: { userId, email: normaliseEmail(email), firstname, lastname, language, passwordHash, isSystemAdmin: false },
      },
      { type: 'UserAddedToLicence', data: { userId, licenceId, isAdmin } },
      { type: 'UserInvited', data: { userId, licenceId, tokenHash, expiresAt } },
    ];
  }
  const events: UserEvent[] = [];
  if (state.licences[licenceId] === undefined)
    events.push({ type: 'UserAddedToLicence', data: { userId: state.userId, licenceId, isAdmin } });
  // an account that never set its password gets a fresh link; the old one stops working
  if (state.status === 'invited' && !state.disabled)
    events.push({ type: 'UserInvited', data: { userId: state.userId, licenceId, tokenHash, expiresAt } });
  return events;
};

const invalidInvitation = () => new DomainError(accountMessages.invitationInvalid, 422, undefined, 'invalid-invitation');

export const acceptInvitation = (command: AcceptInvitation, state: UserState): UserEvent[] | DomainError => {
  const open = state.invitation;
  if (!state.exists || state.status !== 'invited' || !open || open.tokenHash !== command.data.tokenHash) return invalidInvitation();
  if (!isBefore(command.metadata.now, open.expiresAt)) return invalidInvitation();
  if (state.disabled) return new DomainError(accountMessages.accountDisabled, 403, undefined, 'account-disabled');
  const { passwordHash, firstname, lastname } = command.data;
  return [{ type: 'UserInvitationAccepted', data: { userId: state.userId, passwordHash, firstname, lastname } }];
};

/** Rules shared by the administrative commands; who is a user admin of which licence the handler checks with `can`. */
const mustBeManageable = (command: UserCommand, state: UserState): DomainError | null => {
  if (!state.exists) return new DomainError(accountMessages.userNotFound, 404);
  if (state.isSystemAdmin && !command.metadata.actor.isSystemAdmin)
    return new DomainError(accountMessages.onlySystemAdminForSystemAdmin, 403);
  return null;
};

export const disableUser = (command: DisableUser, state: UserState): UserEvent[] | DomainError => {
  const refused = mustBeManageable(command, state);
  if (refused) return refused;
  if (command.metadata.actor.userId === state.userId) return new DomainError(accountMessages.cannotDisableSelf, 422);
  return state.disabled ? [] : [{ type: 'UserDisabled', data: { userId: state.userId } }];
};

export const enableUser = (command: EnableUser, state: UserState): UserEvent[] | DomainError => {
  const refused = mustBeManageable(command, state);
  if (refused) return refused;
  return state.disabled ? [{ type: 'UserEnabled', data: { userId: state.userId } }] : [];
};

export const setLicenceAdmin = (command: SetLicenceAdmin, state: UserState): UserEvent[] | DomainError => {
  const refused = mustBeManageable(command, state);
  if (refused) return refused;
  const { licenceId, isAdmin } = command.data;
  const current = state.licences[licenceId];
  if (current === undefined) return new DomainError(accountMessages.notInLicence, 404);
  if (current === isAdmin) return [];
  const actor = command.metadata.actor;
  if (!isAdmin && actor.userId === state.userId && !actor.isSystemAdmin) return new DomainError(accountMessages.cannotDemoteSelf, 422);
  return [{ type: 'UserLicenceAdminChanged', data: { userId: state.userId, licenceId, isAdmin } }];
};

export const removeFromLicence = (command: RemoveUserFromLicence, state: UserState): UserEvent[] | DomainError => {
  const refused = mustBeManageable(command, state);
  if (refused) return refused;
  const { licenceId } = command.data;
  if (state.licences[licenceId] === undefined) return [];
  if (command.metadata.actor.userId === state.userId) return new DomainError(accountMessages.cannotRemoveSelf, 422);
  return [{ type: 'UserRemovedFromLicence', data: { userId: state.userId, licenceId } }];
};

export const decideUser = (command: UserCommand, state: UserState): UserEvent[] | DomainError => {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'AddUserToLicence':
      return addToLicence(command, state);
    case 'UpdateUserProfile':
      return updateProfile(command, state);
    case 'SignIn':
      return signIn(command, state);
    case 'SignOut':
      return signOut(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'InviteUser':
      return inviteUser(command, state);
    case 'AcceptInvitation':
      return acceptInvitation(command, state);
    case 'DisableUser':
      return disableUser(command, state);
    case 'EnableUser':
      return enableUser(command, state);
    case 'SetLicenceAdmin':
      return setLicenceAdmin(command, state);
    case 'RemoveUserFromLicence':
      return removeFromLicence(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
