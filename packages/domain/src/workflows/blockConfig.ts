import { z } from 'zod';
import { DomainError } from '../shared/domainError';
import { validationText } from '../shared/messageCatalogue';
import { taskPrioritySchema } from '../tasks/task';
import {
  BLOCK_NAME_MAX,
  CHOICE_OPTIONS_MAX,
  CONFIG_ID_MAX,
  CONFIG_LABEL_MAX,
  DUE_IN_DAYS_MAX,
  PANEL_FIELDS_MAX,
  PANELS_MAX,
  RECORD_VALUES_MAX,
  TEMPLATE_MAX,
} from './constants';
import { format, messages } from '../shared/messages';
import { tableMessages } from '../tables/messages';
import { workflowMessages } from './messages';
import { parseTemplate, TEMPLATE_ID_PATTERN } from './templates';

/**
 * A block's configuration (spec 2 §3 "Block configuration": a file of base64-encoded JSON; with panels the block is
 * manual, without them automated). The shape is Stramien's (docs/workflows.md "Block configuration"): a manual block
 * has panels of typed fields a person fills; an automated block has one action of the catalogue, which the process
 * manager runs. Objects are strict: a misspelt key is an error, not a silently ignored setting.
 */

const configId = z.string().max(CONFIG_ID_MAX).regex(TEMPLATE_ID_PATTERN, workflowMessages.invalidConfigId);
const label = z.string().trim().min(1).max(CONFIG_LABEL_MAX);
/** a text of an action: may hold `{{…}}` references (templates.ts) */
const template = (max = TEMPLATE_MAX) =>
  z
    .string()
    .max(max)
    .refine((text) => parseTemplate(text).ok, workflowMessages.templateInvalid);

export const PANEL_FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'file', 'sbscode', 'choice', 'record'] as const;
export type PanelFieldType = (typeof PANEL_FIELD_TYPES)[number];

const fieldBase = {
  id: configId,
  label,
  required: z.boolean().optional(),
  /** a hint shown under the field */
  description: z.string().max(TEMPLATE_MAX).optional(),
};
const plainField = <T extends Exclude<PanelFieldType, 'choice' | 'record'>>(type: T) =>
  z.strictObject({ ...fieldBase, type: z.literal(type) });

export const panelFieldSchema = z.discriminatedUnion('type', [
  plainField('text'),
  plainField('number'),
  plainField('date'),
  plainField('checkbox'),
  /** a blob id of an uploaded file */
  plainField('file'),
  plainField('sbscode'),
  z.strictObject({
    ...fieldBase,
    type: z.literal('choice'),
    options: z
      .array(label)
      .min(1)
      .max(CHOICE_OPTIONS_MAX)
      .refine((options) => new Set(options).size === options.length, tableMessages.duplicateOption),
  }),
  /** a record of a project table, the table by name: the same workflow runs in every project of the licence */
  z.strictObject({ ...fieldBase, type: z.literal('record'), table: label }),
]);
export type PanelField = z.infer<typeof panelFieldSchema>;

export const panelSchema = z.strictObject({
  id: configId,
  title: label,
  description: z.string().max(TEMPLATE_MAX).optional(),
  fields: z.array(panelFieldSchema).max(PANEL_FIELDS_MAX),
});
export type Panel = z.infer<typeof panelSchema>;

/** who an action addresses: a role of the project workflow (by name), a user (by id), or who started the session */
export const assigneeSchema = z.union([
  z.literal('session-starter'),
  z.strictObject({ role: label }),
  z.strictObject({ user: z.string().min(1).max(CONFIG_ID_MAX) }),
]);
export type Assignee = z.infer<typeof assigneeSchema>;

/** `wait.until`: a date template (e.g. `{{job.n1.deadline}}`) or `+<n>d`, n days after the job opens */
export const WAIT_DAYS = /^\+(\d{1,4})d$/;

export const ACTION_TYPES = ['create-task', 'write-record', 'notify', 'wait', 'set-session-sbs'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const actionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('create-task'),
    title: template(CONFIG_LABEL_MAX).pipe(z.string().trim().min(1)),
    description: template().optional(),
    assignTo: assigneeSchema,
    priority: taskPrioritySchema,
    dueInDays: z.number().int().min(0).max(DUE_IN_DAYS_MAX).optional(),
  }),
  /** create a record of a project table, or update the one whose `matchOn` columns hold the same values */
  z
    .strictObject({
      type: z.literal('write-record'),
      table: label,
      /** column name -> template */
      values: z.record(label, template()),
      matchOn: z.array(label).min(1).optional(),
    })
    .superRefine((action, ctx) => {
      const count = Object.keys(action.values).length;
      if (count === 0) ctx.addIssue({ code: 'custom', message: messages.validation.required, path: ['values'] });
      if (count > RECORD_VALUES_MAX)
        ctx.addIssue({
          code: 'custom',
          message: format(messages.validation.tooManyItems, { maximum: RECORD_VALUES_MAX }),
          path: ['values'],
        });
      if (action.matchOn?.some((column) => !(column in action.values)))
        ctx.addIssue({ code: 'custom', message: workflowMessages.matchOnNotInValues, path: ['matchOn'] });
    }),
  z.strictObject({ type: z.literal('notify'), to: assigneeSchema, message: template().pipe(z.string().trim().min(1)) }),
  z.strictObject({
    type: z.literal('wait'),
    until: template(CONFIG_LABEL_MAX).refine(
      (until) => WAIT_DAYS.test(until.trim()) || /\{\{.*\}\}/.test(until),
      workflowMessages.invalidWait,
    ),
  }),
  z.strictObject({ type: z.literal('set-session-sbs'), code: template(CONFIG_LABEL_MAX).pipe(z.string().trim().min(1)) }),
]);
export type Action = z.infer<typeof actionSchema>;

const manualSchema = z.strictObject({ name: label.max(BLOCK_NAME_MAX), panels: z.array(panelSchema).min(1).max(PANELS_MAX) });
const automatedSchema = z.strictObject({ name: label.max(BLOCK_NAME_MAX), action: actionSchema });

export type ManualBlockConfig = z.infer<typeof manualSchema>;
export type AutomatedBlockConfig = z.infer<typeof automatedSchema>;
export type BlockConfig = ManualBlockConfig | AutomatedBlockConfig;

/** panel ids and field ids are unique within the block (a job's values are keyed by field id) */
const uniqueIds = (config: ManualBlockConfig, ctx: z.RefinementCtx): void => {
  const panels = new Set<string>();
  const fields = new Set<string>();
  config.panels.forEach((panel, p) => {
    if (panels.has(panel.id)) ctx.addIssue({ code: 'custom', message: workflowMessages.duplicateConfigId, path: ['panels', p, 'id'] });
    panels.add(panel.id);
    panel.fields.forEach((field, f) => {
      if (fields.has(field.id))
        ctx.addIssue({ code: 'custom', message: workflowMessages.duplicateConfigId, path: ['panels', p, 'fields', f, 'id'] });
      fields.add(field.id);
    });
  });
};

const checkedManualSchema = manualSchema.superRefine(uniqueIds);
/** The configuration of a block: manual (`panels`) or automated (`action`), never both. */
export const blockConfigSchema: z.ZodType<BlockConfig> = z.union([checkedManualSchema, automatedSchema]);
/** the schema a value is checked against: by its `panels` key, so the errors speak of the kind of block meant */
const schemaFor = (value: unknown): z.ZodType<BlockConfig> =>
  typeof value === 'object' && value !== null && 'panels' in value ? checkedManualSchema : automatedSchema;

/** spec 2 §3: with panels the block is manual (a person fills them, the block is executable); otherwise automated. */
export const isManual = (config: BlockConfig): config is ManualBlockConfig => 'panels' in config;

/** Every field of a manual block's panels, in order; none for an automated block. */
export const fieldsOf = (config: BlockConfig): PanelField[] => (isManual(config) ? config.panels.flatMap((p) => p.fields) : []);

const configError = (errors?: Record<string, string[]>): DomainError => new DomainError(workflowMessages.blockConfigInvalid, 422, errors);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** `data:application/json;base64,` as a browser's FileReader writes it */
const DATA_URL = /^data:[^,;]*(;[^,;]*)*;base64,/;

const decodeBase64 = (file: string): string | null => {
  const body = file.trim().replace(DATA_URL, '').replace(/\s+/g, '');
  if (body === '' || body.length % 4 !== 0 || !BASE64.test(body)) return null;
  try {
    const binary = atob(body);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

/** The field messages of a schema failure, keyed by the path in the configuration ('panels.0.fields.1.options'). */
const issuesByPath = (issues: z.ZodError['issues']): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'config';
    const message = validationText(issue as never);
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
};

/**
 * spec 2 §5: the block configuration file (base64 of JSON; a `data:…;base64,` URL is read too) -> the checked
 * configuration, or 'Workflow Block Configuration incorrect format, please contact your project admin' (422) when it
 * is not base64, not UTF-8 JSON, or not the schema; for the schema its `errors` say where.
 */
export const parseBlockConfigFile = (file: string): BlockConfig | DomainError => {
  const json = decodeBase64(file);
  if (json === null) return configError();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return configError();
  }
  const parsed = schemaFor(value).safeParse(value);
  return parsed.success ? parsed.data : configError(issuesByPath(parsed.error.issues));
};

/** The configuration as the spec's file: base64 of its UTF-8 JSON (`GET …/block/{id}/document/{id}`). */
export const toBlockConfigFile = (config: BlockConfig): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(config));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** The texts of an action that are templates (templates.ts), in a fixed order. */
export const actionTemplates = (action: Action): string[] => {
  switch (action.type) {
    case 'create-task':
      return [action.title, ...(action.description === undefined ? [] : [action.description])];
    case 'write-record':
      return Object.values(action.values);
    case 'notify':
      return [action.message];
    case 'wait':
      return [action.until];
    case 'set-session-sbs':
      return [action.code];
  }
};
