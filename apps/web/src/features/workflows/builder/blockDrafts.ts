import {
  fieldsOf,
  isManual,
  type Action,
  type ActionType,
  type BlockConfig,
  type Panel,
  type PanelField,
  type PanelFieldType,
  type WorkflowGraph,
} from '@stramien/domain';

/**
 * The block editor's building blocks: the templates a new block starts from, empty fields and actions of each kind,
 * fresh ids, and the template references an automated block may use. Pure, so the screens and their tests share them.
 */

export type BlockKind = 'manual' | 'automated';

/** The first free id `<prefix>-<n>` (n from 1) among `taken`. */
export const freshId = (prefix: string, taken: Iterable<string>): string => {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
};

/** A new block's configuration: manual, one empty panel titled as the block; automated, a notification to the session's starter. */
export const newBlockConfig = (name: string, kind: BlockKind): BlockConfig =>
  kind === 'manual'
    ? { name, panels: [{ id: 'panel-1', title: name, fields: [] }] }
    : { name, action: { type: 'notify', to: 'session-starter', message: `{{session.name}}: ${name}` } };

/** An action of a kind, with what it needs most filled in where a default makes sense (the rest the user fills). */
export const emptyAction = (type: ActionType, name: string): Action => {
  switch (type) {
    case 'create-task':
      return { type, title: name, assignTo: 'session-starter', priority: 'normal' };
    case 'write-record':
      return { type, table: '', values: {} };
    case 'notify':
      return { type, to: 'session-starter', message: '' };
    case 'wait':
      return { type, until: '+1d' };
    case 'set-session-sbs':
      return { type, code: '' };
  }
};

/** A field of a type; changing the type of a field keeps its id, label, required mark and description. */
export const fieldOfType = (type: PanelFieldType, base: Pick<PanelField, 'id' | 'label' | 'required' | 'description'>): PanelField => {
  const common = {
    id: base.id,
    label: base.label,
    ...(base.required === undefined ? {} : { required: base.required }),
    ...(base.description === undefined ? {} : { description: base.description }),
  };
  if (type === 'choice') return { ...common, type, options: [] };
  if (type === 'record') return { ...common, type, table: '' };
  return { ...common, type };
};

/** Every field id and panel id of a block (they must be unique in it). */
const idsOf = (panels: readonly Panel[]): string[] => panels.flatMap((p) => [p.id, ...p.fields.map((f) => f.id)]);

export const newPanel = (panels: readonly Panel[], title: string): Panel => ({ id: freshId('panel', idsOf(panels)), title, fields: [] });

export const newField = (panels: readonly Panel[], label: string): PanelField => ({
  id: freshId('field', idsOf(panels)),
  label,
  type: 'text',
});

/** The references every automated block may use (the session's name and SBS code). */
export const SESSION_REFERENCES = ['{{session.name}}', '{{session.sbs_code}}'] as const;

export interface JobReference {
  /** `{{job.<node id>.<field id>}}` */
  text: string;
  /** the node's block name and the field's label, to show beside it */
  blockName: string;
  fieldLabel: string;
}

/**
 * The `{{job.<node>.<field>}}` references a block may use on the draft canvas: the fields of the manual nodes that come
 * before every node running the block (publishing refuses others: "a value of a node that does not come before it").
 * A block no node runs yet has none.
 */
export const jobReferences = (graph: WorkflowGraph, blockId: string): JobReference[] => {
  const live = new Set(graph.nodes.map((n) => n.nodeId));
  const into = new Map<string, string[]>();
  for (const link of graph.links)
    if (live.has(link.from) && live.has(link.to)) into.set(link.to, [...(into.get(link.to) ?? []), link.from]);
  const upstreamOf = (nodeId: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(into.get(nodeId) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next) || next === nodeId) continue;
      seen.add(next);
      stack.push(...(into.get(next) ?? []));
    }
    return seen;
  };
  const running = graph.nodes.filter((n) => n.blockId === blockId);
  if (running.length === 0) return [];
  const sets = running.map((n) => upstreamOf(n.nodeId));
  const common = [...sets[0]!].filter((nodeId) => sets.every((set) => set.has(nodeId)));
  const blocks = new Map(graph.blocks.map((b) => [b.blockId, b]));
  const nodes = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  return common.flatMap((nodeId) => {
    const config = blocks.get(nodes.get(nodeId)!.blockId)?.config;
    if (!config || !isManual(config)) return [];
    return fieldsOf(config).map((field) => ({
      text: `{{job.${nodeId}.${field.id}}}`,
      blockName: config.name,
      fieldLabel: field.label,
    }));
  });
};

/** The paths of a configuration the editor shows a message at (the `errors` of a refused save are keyed by such paths). */
export const editorPaths = (config: BlockConfig): Set<string> => {
  const paths = ['name'];
  if (isManual(config)) {
    paths.push('panels');
    config.panels.forEach((panel, p) => {
      paths.push(`panels.${p}.id`, `panels.${p}.title`, `panels.${p}.description`, `panels.${p}.fields`);
      panel.fields.forEach((_, f) => {
        const at = `panels.${p}.fields.${f}`;
        paths.push(`${at}.id`, `${at}.label`, `${at}.type`, `${at}.description`, `${at}.options`, `${at}.table`);
      });
    });
  } else {
    paths.push(
      'action.type',
      'action.title',
      'action.description',
      'action.assignTo',
      'action.priority',
      'action.dueInDays',
      'action.table',
      'action.values',
      'action.matchOn',
      'action.to',
      'action.message',
      'action.until',
      'action.code',
    );
    if (config.action.type === 'write-record')
      for (const column of Object.keys(config.action.values)) paths.push(`action.values.${column}`);
  }
  return new Set(paths);
};

export interface PlacedErrors {
  /** messages by the editor path they show at */
  at: Record<string, string[]>;
  /** messages of paths the editor has no place for, as `path: message` (shown above the form, so none is lost) */
  rest: string[];
}

/**
 * The server's messages of a refused save, each at the editor path nearest to its own (`panels.0.fields.1.options.2`
 * shows at the field's options, `action.assignTo.role` at the assignee).
 */
export const placeErrors = (errors: Readonly<Record<string, string[]>>, config: BlockConfig): PlacedErrors => {
  const paths = editorPaths(config);
  const placed: PlacedErrors = { at: {}, rest: [] };
  for (const [path, texts] of Object.entries(errors)) {
    const parts = path.split('.');
    let home: string | null = null;
    for (let n = parts.length; n > 0 && home === null; n--) {
      const candidate = parts.slice(0, n).join('.');
      if (paths.has(candidate)) home = candidate;
    }
    if (home === null) placed.rest.push(...texts.map((text) => `${path}: ${text}`));
    else placed.at[home] = [...(placed.at[home] ?? []), ...texts];
  }
  return placed;
};
