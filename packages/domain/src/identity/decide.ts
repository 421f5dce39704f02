import { DomainError } from '../shared/domainError';
import type { Command, Decider } from '../shared/decider';
import { evolveUser, initialUserState, type Language, type UserEvent, type UserState } from './user';
import { messages } from '../shared/messages';

export type RegisterUser = Command<
  'RegisterUser',
  { userId: string; email: string; firstname: string; lastname: string; language: Language; passwordHash: string; isSystemAdmin: boolean }
>;
export type AddUserToLicence = Command<'AddUserToLicence', { licenceId: string; isAdmin: boolean }>;
export type UpdateUserProfile = Command<'UpdateUserProfile', { firstname?: string; lastname?: string; language?: Language }>;
/** credentialsValid is established by the handler (hash check) before deciding */
export type SignIn = Command<'SignIn', { sessionId: string; deviceId: string | null; userAgent: string | null; credentialsValid: boolean }>;
export type SignOut = Command<'SignOut', { sessionId: string }>;
export type UserCommand = RegisterUser | AddUserToLicence | UpdateUserProfile | SignIn | SignOut;

const mustExist = (state: UserState): DomainError | null => (state.exists ? null : new DomainError('User not found', 404));

export const register = (command: RegisterUser, state: UserState): UserEvent[] | DomainError => {
  if (state.exists) return new DomainError(messages.identity.emailTaken, 409, { email: [messages.identity.emailTaken] });
  return [{ type: 'UserRegistered', data: { ...command.data, email: command.data.email.trim().toLowerCase() } }];
};

export const addToLicence = (command: AddUserToLicence, state: UserState): UserEvent[] | DomainError => {
  const missing = mustExist(state);
  if (missing) return missing;
  if (state.licences[command.data.licenceId] === command.data.isAdmin) return [];
  return [{ type: 'UserAddedToLicence', data: { userId: state.userId, ...command.data } }];
};

export const updateProfile = (command: UpdateUserProfile, state: UserState): UserEvent[] | DomainError => {
  const missing = mustExist(state);
  if (missing) return missing;
  const actor = command.metadata.actor;
  if (actor.userId !== state.userId && !actor.isSystemAdmin) return new DomainError(messages.shared.forbidden, 403);
  const changed = Object.entries(command.data).some(([k, v]) => v !== undefined && state[k as keyof UserState] !== v);
  if (!changed) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: state.userId, ...command.data } }];
};

export const signIn = (command: SignIn, state: UserState): UserEvent[] | DomainError => {
  if (!state.exists) return new DomainError(messages.identity.invalidCredentials, 401);
  if (!command.data.credentialsValid) {
    return [{ type: 'UserSignInFailed', data: { userId: state.userId, reason: 'bad-credentials' } }];
  }
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
  }
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
