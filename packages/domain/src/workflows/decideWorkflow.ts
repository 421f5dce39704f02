import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format, messages } from '../shared/messages';
import { parseBlockConfigFile, type BlockConfig } from './blockConfig';
import { WORKFLOW_BLOCKS_MAX, WORKFLOW_LINKS_MAX, WORKFLOW_NAME_MAX, WORKFLOW_NODES_MAX } from './constants';
import { diffVersions, isUnchanged, validateGraph, versionGraphOf, type GraphProblem, type NodePosition } from './graph';
import { workflowMessages } from './messages';
import { evolveWorkflow, initialWorkflowState, isLiveWorkflow, type WorkflowEvent, type WorkflowState } from './workflow';
import { structuralDifference } from '../shared/deciderSpec';

/**
 * Commands of the builder's workflow (licence level). Who may send them (licence admins of the workflow's licence,
 * system admins) is checked by the route; whether a name is free in the licence is read by the handler and passed
 * in. The draft changes freely (a draft may be invalid: the canvas shows why); publishing checks it.
 */
export type CreateWorkflow = Command<'CreateWorkflow', { workflowId: string; licenceId: string; name: string; nameTaken: boolean }>;
export type RenameWorkflow = Command<'RenameWorkflow', { name: string; nameTaken: boolean }>;
export type DeleteWorkflow = Command<'DeleteWorkflow', Record<string, never>>;
/** `file`: the configuration as the spec's base64 JSON; without it the block waits for one */
export type AddWorkflowBlock = Command<'AddWorkflowBlock', { blockId: string; file?: string }>;
export type ConfigureWorkflowBlock = Command<'ConfigureWorkflowBlock', { blockId: string; file: string }>;
export type RemoveWorkflowBlock = Command<'RemoveWorkflowBlock', { blockId: string }>;
export type AddWorkflowNode = Command<'AddWorkflowNode', { nodeId: string; blockId: string; start: boolean; position?: NodePosition }>;
/** place a node on the builder's canvas */
export type MoveWorkflowNode = Command<'MoveWorkflowNode', { nodeId: string; position: NodePosition }>;
export type RemoveWorkflowNode = Command<'RemoveWorkflowNode', { nodeId: string }>;
/** `from` is the spec's `previous_node`, `to` its `node` */
export type AddWorkflowLink = Command<'AddWorkflowLink', { linkId: string; from: string; to: string }>;
export type RemoveWorkflowLink = Command<'RemoveWorkflowLink', { linkId: string }>;
export type PublishWorkflow = Command<'PublishWorkflow', Record<string, never>>;

export type WorkflowCommand =
  | CreateWorkflow
  | RenameWorkflow
  | DeleteWorkflow
  | AddWorkflowBlock
  | ConfigureWorkflowBlock
  | RemoveWorkflowBlock
  | AddWorkflowNode
  | MoveWorkflowNode
  | RemoveWorkflowNode
  | AddWorkflowLink
  | RemoveWorkflowLink
  | PublishWorkflow;

type Result = WorkflowEvent[] | DomainError;

const invalid = (field: string, message: string, status: 409 | 422 = 422): DomainError =>
  new DomainError(status === 409 ? message : messages.shared.invalidInput, status, { [field]: [message] });
const workflowNotFound = () => new DomainError(workflowMessages.notFound, 404);
const blockNotFound = () => new DomainError(workflowMessages.blockNotFound, 404);
const nodeNotFound = () => new DomainError(workflowMessages.nodeNotFound, 404);
const conflict = () => new DomainError(messages.shared.conflict, 409);
const tooMany = (message: string, maximum: number) => new DomainError(format(message, { maximum }), 422);

const nameError = (name: string, nameTaken: boolean): DomainError | null => {
  if (name === '') return invalid('name', messages.validation.required);
  if (name.length > WORKFLOW_NAME_MAX) return invalid('name', format(messages.validation.tooLong, { maximum: WORKFLOW_NAME_MAX }));
  return nameTaken ? invalid('name', workflowMessages.nameTaken, 409) : null;
};

const sameName = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export const createWorkflow = (command: CreateWorkflow, state: WorkflowState): Result => {
  if (state.exists) return new DomainError(workflowMessages.alreadyExists, 409);
  const { workflowId, licenceId, nameTaken } = command.data;
  const name = command.data.name.trim();
  const refused = nameError(name, nameTaken);
  if (refused) return refused;
  return [{ type: 'WorkflowCreated', data: { workflowId, licenceId, name } }];
};

export const renameWorkflow = (command: RenameWorkflow, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const name = command.data.name.trim();
  if (name === state.name) return [];
  const refused = nameError(name, command.data.nameTaken && !sameName(name, state.name));
  if (refused) return refused;
  return [{ type: 'WorkflowRenamed', data: { workflowId: state.workflowId, name, previousName: state.name } }];
};

export const deleteWorkflow = (_command: DeleteWorkflow, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  return [{ type: 'WorkflowDeleted', data: { workflowId: state.workflowId } }];
};

export const addWorkflowBlock = (command: AddWorkflowBlock, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { blockId, file } = command.data;
  if (state.draft.blocks.some((b) => b.blockId === blockId)) return conflict();
  if (state.draft.blocks.length >= WORKFLOW_BLOCKS_MAX) return tooMany(workflowMessages.tooManyBlocks, WORKFLOW_BLOCKS_MAX);
  let config: BlockConfig | null = null;
  if (file !== undefined) {
    const parsed = parseBlockConfigFile(file);
    if (parsed instanceof DomainError) return parsed;
    config = parsed;
  }
  return [{ type: 'WorkflowBlockAdded', data: { workflowId: state.workflowId, blockId, config } }];
};

export const configureWorkflowBlock = (command: ConfigureWorkflowBlock, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const block = state.draft.blocks.find((b) => b.blockId === command.data.blockId);
  if (!block) return blockNotFound();
  const config = parseBlockConfigFile(command.data.file);
  if (config instanceof DomainError) return config;
  if (structuralDifference(config, block.config) === null) return [];
  return [{ type: 'WorkflowBlockConfigured', data: { workflowId: state.workflowId, blockId: block.blockId, config } }];
};

/** A block a node runs stays until the node is removed (the node would run nothing). */
export const removeWorkflowBlock = (command: RemoveWorkflowBlock, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { blockId } = command.data;
  if (!state.draft.blocks.some((b) => b.blockId === blockId)) return blockNotFound();
  if (state.draft.nodes.some((n) => n.blockId === blockId)) return new DomainError(workflowMessages.blockInUse, 409);
  return [{ type: 'WorkflowBlockRemoved', data: { workflowId: state.workflowId, blockId } }];
};

export const addWorkflowNode = (command: AddWorkflowNode, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { nodeId, blockId, start, position } = command.data;
  if (state.draft.nodes.some((n) => n.nodeId === nodeId)) return conflict();
  if (!state.draft.blocks.some((b) => b.blockId === blockId)) return invalid('block', workflowMessages.blockNotFound);
  if (state.draft.nodes.length >= WORKFLOW_NODES_MAX) return tooMany(workflowMessages.tooManyNodes, WORKFLOW_NODES_MAX);
  const node = { nodeId, blockId, start, ...(position ? { position: { x: position.x, y: position.y } } : {}) };
  return [{ type: 'WorkflowNodeAdded', data: { workflowId: state.workflowId, node } }];
};

/** A node moved on the canvas; nothing when it stays where it is. */
export const moveWorkflowNode = (command: MoveWorkflowNode, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { nodeId } = command.data;
  const node = state.draft.nodes.find((n) => n.nodeId === nodeId);
  if (!node) return nodeNotFound();
  const position = { x: command.data.position.x, y: command.data.position.y };
  if (node.position && node.position.x === position.x && node.position.y === position.y) return [];
  return [{ type: 'WorkflowNodeMoved', data: { workflowId: state.workflowId, nodeId, position } }];
};

/** Removing a node removes its links, in the same event. */
export const removeWorkflowNode = (command: RemoveWorkflowNode, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { nodeId } = command.data;
  if (!state.draft.nodes.some((n) => n.nodeId === nodeId)) return nodeNotFound();
  const removedLinkIds = state.draft.links.filter((l) => l.from === nodeId || l.to === nodeId).map((l) => l.linkId);
  return [{ type: 'WorkflowNodeRemoved', data: { workflowId: state.workflowId, nodeId, removedLinkIds } }];
};

export const addWorkflowLink = (command: AddWorkflowLink, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { linkId, from, to } = command.data;
  if (state.draft.links.some((l) => l.linkId === linkId)) return conflict();
  if (!state.draft.nodes.some((n) => n.nodeId === from)) return invalid('previous_node', workflowMessages.nodeNotFound);
  if (!state.draft.nodes.some((n) => n.nodeId === to)) return invalid('node', workflowMessages.nodeNotFound);
  if (from === to) return invalid('node', workflowMessages.linkToItself);
  if (state.draft.links.some((l) => l.from === from && l.to === to)) return invalid('node', workflowMessages.linkExists, 409);
  if (state.draft.links.length >= WORKFLOW_LINKS_MAX) return tooMany(workflowMessages.tooManyLinks, WORKFLOW_LINKS_MAX);
  return [{ type: 'WorkflowLinkAdded', data: { workflowId: state.workflowId, link: { linkId, from, to } } }];
};

export const removeWorkflowLink = (command: RemoveWorkflowLink, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const { linkId } = command.data;
  if (!state.draft.links.some((l) => l.linkId === linkId)) return new DomainError(workflowMessages.linkNotFound, 404);
  return [{ type: 'WorkflowLinkRemoved', data: { workflowId: state.workflowId, linkId } }];
};

/**
 * The `errors` of a refused publish: each problem's message under the node, link or block it concerns
 * (`node:<id>`, `link:<id>`, `block:<id>`; `workflow` for one of the whole graph). `graphProblems` has them structured.
 */
export const graphErrors = (problems: readonly GraphProblem[]): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const p of problems) {
    const keys = [...p.nodeIds.map((id) => `node:${id}`), ...p.linkIds.map((id) => `link:${id}`)];
    if (keys.length === 0) keys.push(...p.blockIds.map((id) => `block:${id}`));
    if (keys.length === 0) keys.push('workflow');
    for (const key of keys) add(key, p.message);
  }
  return errors;
};

/** Publishing freezes the draft as version n+1; refused while the draft has a problem or changes nothing. */
export const publishWorkflow = (_command: PublishWorkflow, state: WorkflowState): Result => {
  if (!isLiveWorkflow(state)) return workflowNotFound();
  const problems = validateGraph(state.draft);
  if (problems.length > 0) return new DomainError(workflowMessages.graphInvalid, 422, graphErrors(problems));
  const graph = versionGraphOf(state.draft);
  if (state.published && isUnchanged(diffVersions(state.published, graph)))
    return new DomainError(format(workflowMessages.nothingToPublish, { version: state.version }), 409);
  return [{ type: 'WorkflowPublished', data: { workflowId: state.workflowId, version: state.version + 1, graph } }];
};

export const decideWorkflow = (command: WorkflowCommand, state: WorkflowState): Result => {
  switch (command.type) {
    case 'CreateWorkflow':
      return createWorkflow(command, state);
    case 'RenameWorkflow':
      return renameWorkflow(command, state);
    case 'DeleteWorkflow':
      return deleteWorkflow(command, state);
    case 'AddWorkflowBlock':
      return addWorkflowBlock(command, state);
    case 'ConfigureWorkflowBlock':
      return configureWorkflowBlock(command, state);
    case 'RemoveWorkflowBlock':
      return removeWorkflowBlock(command, state);
    case 'AddWorkflowNode':
      return addWorkflowNode(command, state);
    case 'MoveWorkflowNode':
      return moveWorkflowNode(command, state);
    case 'RemoveWorkflowNode':
      return removeWorkflowNode(command, state);
    case 'AddWorkflowLink':
      return addWorkflowLink(command, state);
    case 'RemoveWorkflowLink':
      return removeWorkflowLink(command, state);
    case 'PublishWorkflow':
      return publishWorkflow(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const workflowDecider: Decider<WorkflowCommand, WorkflowEvent, WorkflowState> = {
  initialState: initialWorkflowState,
  evolve: evolveWorkflow,
  decide: decideWorkflow,
};
