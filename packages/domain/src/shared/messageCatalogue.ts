import { format, messages } from './messages';
import { accountMessages } from '../identity/messages';
import { twoFactorMessages } from '../identity/twoFactor/messages';
import { apiTokenMessages } from '../identity/apiTokens/messages';
import { licenceMessages } from '../licences/messages';
import { projectMessages } from '../projects/messages';
import { teamMessages } from '../teams/messages';
import { labelMessages } from '../labels/messages';
import { systemMessages } from '../system/messages';
import { licenceModuleMessages } from '../licenceModules/messages';
import { namedEntityMessages } from '../directory/namedEntityMessages';
import { directoryMessages } from '../directory/messages';
import { notificationMessages } from '../notifications/messages';
import { newsMessages } from '../notifications/news/messages';
import { knowledgeBaseMessages } from '../knowledgeBase/messages';
import { taskMessages } from '../tasks/messages';
import { boardMessages } from '../boards/messages';
import { jobMessages } from '../jobs/messages';
import { taskPartMessages } from '../tasks/partMessages';
import { webhookMessages } from '../webhooks/messages';
import { sbsMessages } from '../sbs/messages';
import { tableMessages } from '../tables/messages';
import { workflowMessages } from '../workflows/messages';

/** Values filled into a message's '{name}' placeholders. */
export type MessageValues = Record<string, string | number>;

/** A server text as a key of the message catalogues plus the values of its placeholders. */
export interface MessageRef {
  key: string;
  values?: MessageValues;
}

/**
 * Every catalogue of user-facing texts by its name; a text's key is '<catalogue>.<name>', e.g. 'projects.notFound'.
 * Built on first use, because some catalogues live in modules that import the shared error types.
 */
const catalogues = (): Record<string, Record<string, string>> => ({
  shared: messages.shared,
  identity: messages.identity,
  validation: messages.validation,
  account: accountMessages,
  twoFactor: twoFactorMessages,
  apiTokens: apiTokenMessages,
  licences: licenceMessages,
  licenceModules: licenceModuleMessages,
  projects: projectMessages,
  teams: teamMessages,
  labels: labelMessages,
  directory: { ...namedEntityMessages, ...directoryMessages },
  system: systemMessages,
  notifications: notificationMessages,
  news: newsMessages,
  knowledgeBase: knowledgeBaseMessages,
  tasks: taskMessages,
  boards: boardMessages,
  jobs: jobMessages,
  taskParts: taskPartMessages,
  webhooks: webhookMessages,
  sbs: sbsMessages,
  tables: tableMessages,
  workflows: workflowMessages,
});

interface Index {
  /** key -> English text (the English rendering the web app's en/server.json repeats) */
  texts: Record<string, string>;
  /** English text without placeholders -> its first key */
  exact: Map<string, string>;
  /** templates with placeholders, the most specific (longest literal text) first */
  templates: { key: string; pattern: RegExp; names: string[] }[];
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let index: Index | null = null;
const buildIndex = (): Index => {
  const texts: Record<string, string> = {};
  const exact = new Map<string, string>();
  const templates: (Index['templates'][number] & { literal: number })[] = [];
  const all = Object.entries(catalogues()).flatMap(([catalogue, entries]) =>
    Object.entries(entries).map(([name, text]) => ({ key: `${catalogue}.${name}`, text })),
  );
  for (const { key, text } of all) {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    if (names.length === 0) continue;
    const parts = text.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
    const pattern = new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's');
    templates.push({ key, pattern, names, literal: parts.join('').length });
    texts[key] = text;
  }
  // a context's fixed text that is one instance of a generic validation text ('Max 250 characters' of
  // 'Max {maximum} characters') is that text with its values, not a key of its own: one translation for both
  const generic = templates.filter((t) => t.key.startsWith('validation.'));
  for (const { key, text } of all) {
    if (PLACEHOLDER.test(text) || (!key.startsWith('validation.') && generic.some((t) => t.pattern.test(text)))) {
      PLACEHOLDER.lastIndex = 0;
      continue;
    }
    texts[key] = text;
    if (!exact.has(text)) exact.set(text, key);
  }
  templates.sort((a, b) => b.literal - a.literal);
  return { texts, exact, templates };
};
const getIndex = (): Index => (index ??= buildIndex());

/** Every message key with its English text. */
export const messageTexts = (): Readonly<Record<string, string>> => getIndex().texts;

/**
 * The key and values of a server text: an exact text of the catalogues, or a template filled with values
 * ('Successfully added module Planning' -> projects.moduleAdded {name: 'Planning'}). Null for a text no catalogue has.
 */
export const describeMessage = (text: string): MessageRef | null => {
  const { exact, templates } = getIndex();
  const key = exact.get(text);
  if (key) return { key };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match) return { key: template.key, values: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
};

/** The English text of a key with its values; null for an unknown key. */
export const renderMessage = (ref: MessageRef): string | null => {
  const text = getIndex().texts[ref.key];
  return text === undefined ? null : format(text, ref.values ?? {});
};

/** A validation issue as the HTTP layer gets it from zod: its code, message and parameters. */
export interface ValidationIssue {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  keys?: string[];
}

const v = messages.validation;
const num = (n: number | bigint | undefined): number => Number(n ?? 0);
const FORMATS: Record<string, string> = {
  email: v.invalidEmail,
  uuid: v.invalidId,
  guid: v.invalidId,
  url: v.invalidUrl,
  datetime: v.invalidDate,
  date: v.invalidDate,
};
const TYPES: Record<string, string> = {
  string: v.notText,
  number: v.notNumber,
  int: v.notWholeNumber,
  boolean: v.notBoolean,
  array: v.notList,
  object: v.notObject,
};

/**
 * The English field message of a validation issue: a schema's own text when the catalogues have it, else the
 * catalogue's text for zod's issue code ('Too big: expected string to have <=100 characters' -> 'Max 100 characters').
 */
export const validationText = (issue: ValidationIssue): string => {
  if (issue.message && describeMessage(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message?.endsWith('received undefined')) return v.required;
      return TYPES[issue.expected ?? ''] ?? v.invalidValue;
    case 'too_big':
      if (issue.origin === 'string') return format(v.tooLong, { maximum: num(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return format(v.tooManyItems, { maximum: num(issue.maximum) });
      return format(v.tooLarge, { maximum: num(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') return num(issue.minimum) <= 1 ? v.required : format(v.tooShort, { minimum: num(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return format(v.tooFewItems, { minimum: num(issue.minimum) });
      return format(v.tooSmall, { minimum: num(issue.minimum) });
    case 'invalid_format':
      return FORMATS[issue.format ?? ''] ?? v.invalidFormat;
    case 'invalid_value':
      return format(v.invalidOption, { options: (issue.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return format(v.unknownFields, { keys: (issue.keys ?? []).join(', ') });
    default:
      return issue.message && issue.code === 'custom' ? issue.message : v.invalidValue;
  }
};
