import { DomainError } from '../../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../../shared/decider';
import { messages } from '../../shared/messages';
import { apiTokenMessages } from './messages';
import { evolveApiToken, initialApiTokenState, type ApiTokenEvent, type ApiTokenScope, type ApiTokenState } from './apiToken';

export type CreateApiToken = Command<
  'CreateApiToken',
  { tokenId: string; userId: string; name: string; scopes: ApiTokenScope[]; secretHash: string; hint: string; expiresAt: string }
>;
export type RevokeApiToken = Command<'RevokeApiToken', { tokenId: string }>;
export type ApiTokenCommand = CreateApiToken | RevokeApiToken;

export const createApiToken = (command: CreateApiToken, state: ApiTokenState): ApiTokenEvent[] | DomainError => {
  if (command.metadata.actor.userId !== command.data.userId) return new DomainError(messages.shared.forbidden, 403);
  if (state.status !== 'none') return new DomainError(apiTokenMessages.alreadyExists, 409);
  const scopes = [...new Set(command.data.scopes)];
  if (scopes.length === 0) return new DomainError(messages.shared.invalidInput, 400, { scopes: [messages.validation.chooseScope] });
  if (!(command.data.expiresAt > command.metadata.now)) {
    return new DomainError(messages.shared.invalidInput, 400, { expires_in_days: [messages.validation.expireInFuture] });
  }
  return [{ type: 'ApiTokenCreated', data: { ...command.data, name: command.data.name.trim(), scopes } }];
};

/** Only the owner revokes a token; to anyone else it does not exist. A revoked token is gone. */
export const revokeApiToken = (command: RevokeApiToken, state: ApiTokenState): ApiTokenEvent[] | DomainError => {
  if (state.status !== 'active' || state.userId !== command.metadata.actor.userId) return new DomainError(apiTokenMessages.notFound, 404);
  return [{ type: 'ApiTokenRevoked', data: { tokenId: state.tokenId, userId: state.userId, revokedBy: command.metadata.actor.userId } }];
};

export const decideApiToken = (command: ApiTokenCommand, state: ApiTokenState): ApiTokenEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateApiToken':
      return createApiToken(command, state);
    case 'RevokeApiToken':
      return revokeApiToken(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const apiTokenDecider: Decider<ApiTokenCommand, ApiTokenEvent, ApiTokenState> = {
  initialState: initialApiTokenState,
  evolve: evolveApiToken,
  decide: decideApiToken,
};
