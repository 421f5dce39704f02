import { derivedId } from '../shared/ids';

/** The builder workflow's stream: 'workflow-<id>' (category 'workflow'): draft graph and published versions. */
export const toWorkflowStreamId = (workflowId: string): string => `workflow-${workflowId}`;
/** A workflow in a project: 'projectWorkflow-<id>' (category 'projectWorkflow'): its version and roles. */
export const toProjectWorkflowStreamId = (projectWorkflowId: string): string => `projectWorkflow-${projectWorkflowId}`;
/** One session and all its jobs: 'session-<id>' (category 'session'). */
export const toSessionStreamId = (sessionId: string): string => `session-${sessionId}`;

/** A session's job for a node: uuid v5 of the session id and the node id (docs/workflows.md "Sessions and jobs"). */
export const toJobId = (sessionId: string, nodeId: string): string => derivedId('job', sessionId, nodeId);
/** Where a job's uploaded file lives in the BlobStore: uuid v5 of the session id and the file id. */
export const toJobFileBlobId = (sessionId: string, fileId: string): string => derivedId('sessionJobFile', sessionId, fileId);
