import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { sbsMessages } from './messages';
import { codeTakenMessage, parentNotFoundMessage, sbsNodeFieldErrors, sbsVersionNameErrors } from './rules';
import { evolveSbsNode, initialSbsNodeState, type SbsNodeEvent, type SbsNodeState } from './sbsNode';
import { evolveSbsVersion, initialSbsVersionState, isDefaultSbsVersion, type SbsVersionEvent, type SbsVersionState } from './sbsVersion';

/**
 * The parent a command names, as the route resolved its code in the node's version: `id` null when the code is not
 * there. `below` is true when the parent lies in the node's own subtree (a move there would make a cycle).
 */
export interface SbsParentFact {
  code: string;
  id: string | null;
  below?: boolean;
}

/**
 * Commands of one SBS node. Who may send them (`can(subject, 'sbs-management')`) is checked by the route; facts that
 * need the rest of the version (is the code free, where is the parent, has the node children) are read by the route
 * from the read model and passed in (docs/sbs.md).
 */
export type CreateSbsNode = Command<
  'CreateSbsNode',
  { nodeId: string; projectId: string; versionId: string; code: string; label: string; parent: SbsParentFact | null; codeTaken: boolean }
>;
export type UpdateSbsNode = Command<'UpdateSbsNode', { code: string; label: string; parent: SbsParentFact | null; codeTaken: boolean }>;
export type DeleteSbsNode = Command<'DeleteSbsNode', { hasChildren: boolean }>;
export type SbsNodeCommand = CreateSbsNode | UpdateSbsNode | DeleteSbsNode;

const notFound = () => new DomainError(sbsMessages.notFound, 404);
const invalid = (errors: Record<string, string[]>): DomainError | null => {
  const first = Object.values(errors)[0]?.[0];
  return first ? new DomainError(first, 422, errors) : null;
};

const parentError = (parent: SbsParentFact | null, nodeId: string): DomainError | null => {
  if (!parent) return null;
  if (parent.id === null) {
    const message = parentNotFoundMessage(parent.code);
    return new DomainError(message, 422, { parent: [message] });
  }
  if (parent.id === nodeId) return new DomainError(sbsMessages.parentIsSelf, 422, { parent: [sbsMessages.parentIsSelf] });
  if (parent.below) {
    const message = format(sbsMessages.parentCycle, { code: parent.code });
    return new DomainError(message, 422, { parent: [message] });
  }
  return null;
};

const codeError = (code: string, taken: boolean): DomainError | null => {
  if (!taken) return null;
  const message = codeTakenMessage(code);
  return new DomainError(message, 409, { code: [message] });
};

export const createSbsNode = (command: CreateSbsNode, state: SbsNodeState): SbsNodeEvent[] | DomainError => {
  if (state.exists) return new DomainError(sbsMessages.alreadyExists, 409);
  const { nodeId, projectId, versionId, parent, codeTaken } = command.data;
  const code = command.data.code.trim();
  const label = command.data.label.trim();
  const refused = invalid(sbsNodeFieldErrors(code, label)) ?? codeError(code, codeTaken) ?? parentError(parent, nodeId);
  if (refused) return refused;
  return [{ type: 'SbsNodeCreated', data: { nodeId, projectId, versionId, code, label, parentId: parent?.id ?? null } }];
};

export const updateSbsNode = (command: UpdateSbsNode, state: SbsNodeState): SbsNodeEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  const { parent } = command.data;
  const code = command.data.code.trim();
  const label = command.data.label.trim();
  const refused =
    invalid(sbsNodeFieldErrors(code, label)) ??
    codeError(code, command.data.codeTaken && code !== state.code) ??
    parentError(parent, state.nodeId);
  if (refused) return refused;
  const parentId = parent?.id ?? null;
  if (code === state.code && label === state.label && parentId === state.parentId) return [];
  const { nodeId, projectId, versionId } = state;
  return [
    {
      type: 'SbsNodeUpdated',
      data: {
        nodeId,
        projectId,
        versionId,
        code,
        label,
        parentId,
        previous: { code: state.code, label: state.label, parentId: state.parentId },
      },
    },
  ];
};

export const deleteSbsNode = (command: DeleteSbsNode, state: SbsNodeState): SbsNodeEvent[] | DomainError => {
  if (!state.exists || state.deleted) return notFound();
  if (command.data.hasChildren) return new DomainError(sbsMessages.hasChildren, 409);
  const { nodeId, projectId, versionId, code, label, parentId } = state;
  return [{ type: 'SbsNodeDeleted', data: { nodeId, projectId, versionId, code, label, parentId } }];
};

export const decideSbsNode = (command: SbsNodeCommand, state: SbsNodeState): SbsNodeEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateSbsNode':
      return createSbsNode(command, state);
    case 'UpdateSbsNode':
      return updateSbsNode(command, state);
    case 'DeleteSbsNode':
      return deleteSbsNode(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const sbsNodeDecider: Decider<SbsNodeCommand, SbsNodeEvent, SbsNodeState> = {
  initialState: initialSbsNodeState,
  evolve: evolveSbsNode,
  decide: decideSbsNode,
};

export type CreateSbsVersion = Command<'CreateSbsVersion', { versionId: string; projectId: string; name: string }>;
export type DeleteSbsVersion = Command<'DeleteSbsVersion', { versionId: string; projectId: string }>;
export type SbsVersionCommand = CreateSbsVersion | DeleteSbsVersion;

export const createSbsVersion = (command: CreateSbsVersion, state: SbsVersionState): SbsVersionEvent[] | DomainError => {
  const { versionId, projectId } = command.data;
  if (state.exists || isDefaultSbsVersion(projectId, versionId)) return new DomainError(sbsMessages.versionAlreadyExists, 409);
  const name = command.data.name.trim();
  const refused = invalid(sbsVersionNameErrors(name));
  if (refused) return refused;
  return [{ type: 'SbsVersionCreated', data: { versionId, projectId, name } }];
};

export const deleteSbsVersion = (command: DeleteSbsVersion, state: SbsVersionState): SbsVersionEvent[] | DomainError => {
  if (isDefaultSbsVersion(command.data.projectId, command.data.versionId)) return new DomainError(sbsMessages.defaultVersion, 409);
  if (!state.exists || state.deleted) return new DomainError(sbsMessages.versionNotFound, 404);
  return [{ type: 'SbsVersionDeleted', data: { versionId: state.versionId, projectId: state.projectId } }];
};

export const decideSbsVersion = (command: SbsVersionCommand, state: SbsVersionState): SbsVersionEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateSbsVersion':
      return createSbsVersion(command, state);
    case 'DeleteSbsVersion':
      return deleteSbsVersion(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const sbsVersionDecider: Decider<SbsVersionCommand, SbsVersionEvent, SbsVersionState> = {
  initialState: initialSbsVersionState,
  evolve: evolveSbsVersion,
  decide: decideSbsVersion,
};
