import { TASK_APPENDIX_CONTENT_TYPES, TASK_APPENDIX_MAX_BYTES } from '../tasks/task';

/** Longest names and texts of the workflows context (not in the spec; the builder's and the API's bounds). */
export const WORKFLOW_NAME_MAX = 100;
export const BLOCK_NAME_MAX = 100;
export const ROLE_NAME_MAX = 100;
export const SESSION_NAME_MAX = 200;
export const SESSION_SBS_CODE_MAX = 100;
/** ids a block configuration gives its panels and fields (they appear in templates: `{{job.<nodeId>.<fieldId>}}`) */
export const CONFIG_ID_MAX = 64;
export const CONFIG_LABEL_MAX = 200;
/** a template text of an automated action (a task's description, a notification's message) */
export const TEMPLATE_MAX = 5000;
/** Upper bounds per block configuration: guards against unbounded events, not business rules. */
export const PANELS_MAX = 50;
export const PANEL_FIELDS_MAX = 100;
export const CHOICE_OPTIONS_MAX = 500;
export const RECORD_VALUES_MAX = 200;
/** Upper bounds per workflow: a version is one event (`WorkflowPublished` carries the graph; 200 nodes are tens of KB). */
export const WORKFLOW_BLOCKS_MAX = 500;
export const WORKFLOW_NODES_MAX = 500;
export const WORKFLOW_LINKS_MAX = 2000;
/** Upper bounds per project workflow. */
export const WORKFLOW_ROLES_MAX = 200;
export const ROLE_TEAMS_MAX = 500;
export const ROLE_NODES_MAX = 500;
/** the longest error text an automated job keeps (the process manager's failure) */
export const JOB_ERROR_MAX = 2000;
/** `create-task` due dates lie at most this many days after the job opens */
export const DUE_IN_DAYS_MAX = 3650;
/**
 * Files uploaded to a job for its `file` fields (docs/workflows.md "Job files"): the rules of a task's appendixes,
 * at most 25 MB and a type from the same list, read from the bytes by the handler, never from the browser's claim.
 */
export const JOB_FILE_MAX_BYTES = TASK_APPENDIX_MAX_BYTES;
export const JOB_FILE_CONTENT_TYPES = TASK_APPENDIX_CONTENT_TYPES;
export const JOB_FILE_NAME_MAX = 255;
/** files kept per job (a replaced file stays in the job's list): a guard against unbounded events */
export const JOB_FILES_MAX = 100;
