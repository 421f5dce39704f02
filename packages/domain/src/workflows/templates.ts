/**
 * Templates in the texts of automated actions (docs/workflows.md "Block configuration"): `{{session.name}}`,
 * `{{session.sbs_code}}` and `{{job.<nodeId>.<fieldId>}}`, a value a person entered in an earlier manual job.
 * Spaces inside the braces are allowed (`{{ session.name }}`); any other `{{…}}`, or a `{{` left open, is an error.
 */

/** node and field ids as templates name them: no dots, braces or spaces */
export const TEMPLATE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export type TemplateReference = { kind: 'session'; key: 'name' | 'sbs_code' } | { kind: 'job'; nodeId: string; fieldId: string };
export type TemplatePart = string | TemplateReference;
export type ParsedTemplate = { ok: true; parts: TemplatePart[] } | { ok: false; error: string };

/** A stored panel value (the same scalars as a table cell). */
export type TemplateValue = string | number | boolean | null;

/** What a template is rendered with: the session and the values of its finished manual jobs by node id. */
export interface TemplateScope {
  session: { name: string; sbs_code: string | null };
  jobs: Readonly<Record<string, Readonly<Record<string, TemplateValue>> | undefined>>;
}

const TOKEN = /\{\{(.*?)\}\}/g;

const referenceOf = (expression: string): TemplateReference | null => {
  const path = expression.trim().split('.');
  if (path[0] === 'session' && path.length === 2 && (path[1] === 'name' || path[1] === 'sbs_code'))
    return { kind: 'session', key: path[1] };
  if (path[0] === 'job' && path.length === 3 && TEMPLATE_ID_PATTERN.test(path[1]!) && TEMPLATE_ID_PATTERN.test(path[2]!))
    return { kind: 'job', nodeId: path[1]!, fieldId: path[2]! };
  return null;
};

/** The text cut into literal parts and references, or the expression it cannot read. */
export const parseTemplate = (text: string): ParsedTemplate => {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    const reference = referenceOf(match[1]!);
    if (!reference) return { ok: false, error: match[0] };
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(reference);
    at = match.index + match[0].length;
  }
  const rest = text.slice(at);
  if (rest.includes('{{')) return { ok: false, error: rest.slice(rest.indexOf('{{')) };
  if (rest !== '') parts.push(rest);
  return { ok: true, parts };
};

/** Every reference of a template (none for one that does not parse). */
export const templateReferences = (text: string): TemplateReference[] => {
  const parsed = parseTemplate(text);
  return parsed.ok ? parsed.parts.filter((p): p is TemplateReference => typeof p !== 'string') : [];
};

/** A reference written as in a template, without the braces: 'session.name', 'job.n1.remarks'. */
export const referenceText = (reference: TemplateReference): string =>
  reference.kind === 'session' ? `session.${reference.key}` : `job.${reference.nodeId}.${reference.fieldId}`;

const show = (value: TemplateValue | undefined): string => (value === null || value === undefined ? '' : String(value));

/** The text with each reference replaced by its value; a value that is missing (or a template that does not parse) gives ''. */
export const renderTemplate = (text: string, scope: TemplateScope): string => {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return '';
  return parsed.parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part.kind === 'session') return show(scope.session[part.key]);
      return show(scope.jobs[part.nodeId]?.[part.fieldId]);
    })
    .join('');
};
