import { z } from 'zod';

/**
 * `POST licenses/{id}/tasks/query {filters, depth}` (spec 1 §7): filters are column, operator, values. Columns
 * use the API's names; `TASK_QUERY_FIELDS` maps each to the field of the task read model, which keeps the
 * TaskState names (`assignedTo`, `taskType.type` …).
 */
export const TASK_QUERY_FIELDS = {
  number: 'number',
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assigned_to: 'assignedTo',
  created_by: 'createdBy',
  project: 'projectId',
  parent: 'parentId',
  type: 'taskType.type',
  sbscode: 'sbscode',
  labels: 'labels',
  due: 'due',
  planned_start: 'plannedStart',
  planned_end: 'plannedEnd',
  is_private: 'isPrivate',
  ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`custom_${i + 1}`, `taskType.custom_${i + 1}`])),
} as Record<string, string>;
export const TASK_QUERY_COLUMNS = Object.keys(TASK_QUERY_FIELDS);

export const TASK_QUERY_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in', 'contains'] as const;
export type TaskQueryOperator = (typeof TASK_QUERY_OPERATORS)[number];

const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
/** A filter as the client sends it; operator or values may still be empty while the user is composing it. */
export const taskQueryFilterSchema = z.object({
  column: z.string().refine((c) => c in TASK_QUERY_FIELDS, { message: 'Unknown column.' }),
  operator: z.enum(TASK_QUERY_OPERATORS).nullable().optional(),
  values: z.array(scalar).max(500).optional(),
});
export type TaskQueryFilter = z.infer<typeof taskQueryFilterSchema>;

/** spec 1 §5, spec 2 §5: query conditions only count when both operator and value are set. */
export const activeTaskFilters = (filters: TaskQueryFilter[]): (TaskQueryFilter & { operator: TaskQueryOperator; values: unknown[] })[] =>
  filters.filter(
    (f): f is TaskQueryFilter & { operator: TaskQueryOperator; values: unknown[] } =>
      !!f.operator && Array.isArray(f.values) && f.values.some((v) => v !== null && v !== ''),
  );

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One active filter as a condition in the DocumentStore's Mongo filter syntax. */
const condition = (operator: TaskQueryOperator, values: unknown[]): unknown => {
  const first = values.find((v) => v !== null && v !== '');
  switch (operator) {
    case '=':
      return first;
    case '!=':
      return { $ne: first };
    case '<':
      return { $lt: first };
    case '<=':
      return { $lte: first };
    case '>':
      return { $gt: first };
    case '>=':
      return { $gte: first };
    case 'in':
      return { $in: values };
    case 'not in':
      return { $nin: values };
    case 'contains':
      return { $regex: escapeRegex(String(first)), $options: 'i' };
  }
};

/**
 * The active filters as one Mongo-syntax filter for the task read model (conditions on one column are all
 * required). Inactive filters are dropped, never turned into "match nothing".
 */
export const taskFiltersToQuery = (filters: TaskQueryFilter[]): Record<string, unknown> => {
  const active = activeTaskFilters(filters);
  if (active.length === 0) return {};
  const conditions = active.map((f) => ({ [TASK_QUERY_FIELDS[f.column]!]: condition(f.operator, f.values) }));
  return conditions.length === 1 ? conditions[0]! : { $and: conditions };
};

/**
 * `filter[today]=1` (spec 1 §7): tasks due on the given calendar day ('YYYY-MM-DD', the user's today). Dates are
 * stored normalised (`normaliseTaskDate`), so one string range holds a date and every UTC time of that day.
 */
export const dueOnDayQuery = (day: string): Record<string, unknown> => {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { due: { $gte: day, $lt: next.toISOString().slice(0, 10) } };
};
