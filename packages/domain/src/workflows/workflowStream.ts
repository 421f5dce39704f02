import { v5 as uuidv5 } from 'uuid';

/** The builder workflow's stream: 'workflow-<id>' (category 'workflow'): draft graph and published versions. */
export const toWorkflowStreamId = (workflowId: string): string => `workflow-${workflowId}`;
/** A workflow in a project: 'projectWorkflow-<id>' (category 'projectWorkflow'): its version and roles. */
export const toProjectWorkflowStreamId = (projectWorkflowId: string): string => `projectWorkflow-${projectWorkflowId}`;
/** One session and all its jobs: 'session-<id>' (category 'session'). */
export const toSessionStreamId = (sessionId: string): string => `session-${sessionId}`;

/** The namespace of Stramien's name-based (v5) workflow ids; fixed for ever, or stored ids stop matching. */
const WORKFLOW_ID_NAMESPACE = '458f2246-b77e-4729-b8ef-426aa01cb6c5';

/**
 * A deterministic id (uuid v5, RFC 9562) from its parts: the same parts give the same id on every machine and in
 * every replay, so an effect named by it is done once however often it is tried (docs/workflows.md "The process
 * manager": the task of a job's assignment, a `create-task` task, a notification).
 */
export const derivedId = (...parts: string[]): string => uuidv5(parts.join('\n'), WORKFLOW_ID_NAMESPACE);

/** A session's job for a node: uuid v5 of the session id and the node id (docs/workflows.md "Sessions and jobs"). */
export const toJobId = (sessionId: string, nodeId: string): string => derivedId('job', sessionId, nodeId);
