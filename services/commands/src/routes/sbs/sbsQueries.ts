import type { SbsHistoryEntry, SbsNodeView } from '@stramien/api';
import { SBS_SEARCH_MAX } from '@stramien/domain';
import { compareValues, type DocumentStore, type Filter } from '@stramien/infra';
import { SBS_NODES_COLLECTION, SBS_ROOT_KEY, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_HISTORY_COLLECTION, type SbsHistoryDoc } from '@stramien/projections/sbs/sbsHistory';
import {
  SBS_SEGMENT_SEPARATOR,
  SBS_TERMS_COLLECTION,
  SBS_TERM_MAX,
  sbsSearchNeedle,
  type SbsTermDoc,
} from '@stramien/projections/sbs/sbsTerms';
import type { UserDoc } from '@stramien/projections';

/** A node as the queries need it, from the live read model or from the history as of a moment. */
export interface SbsNodeRow {
  _id: string;
  versionId: string;
  code: string;
  label: string;
  parentKey: string;
  childCount: number;
}

/** Where the rows come from: the live nodes, or the node versions valid at `at` (ISO time). */
export interface SbsScope {
  projectId: string;
  versionId: string;
  at?: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a case-insensitive 'contains' filter */
export const containsFilter = (value: string): { $regex: string; $options: string } => ({ $regex: escapeRegExp(value), $options: 'i' });

/** the ids of a filter that is exactly `{ _id: { $in: [...] } }` */
const idList = (filter: Filter): string[] | undefined => {
  const keys = Object.keys(filter);
  const condition = (filter as { _id?: unknown })._id;
  if (keys.length !== 1 || keys[0] !== '_id' || typeof condition !== 'object' || condition === null) return undefined;
  const list = (condition as { $in?: unknown }).$in;
  return Object.keys(condition).length === 1 && Array.isArray(list) && list.every((id) => typeof id === 'string') ? list : undefined;
};

/** terms read per page of a search; a node has a few terms in one prefix range at most */
const SBS_TERM_PAGE = 2 * SBS_SEARCH_MAX;

/** The SBS read side (docs/sbs.md): lists, children, search and history, now or as of a moment. */
export const createSbsQueries = (documentStore: DocumentStore) => {
  const nodes = documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
  const history = documentStore.collection<SbsHistoryDoc>(SBS_HISTORY_COLLECTION);
  const users = documentStore.collection<UserDoc>('users');
  const terms = documentStore.collection<SbsTermDoc>(SBS_TERMS_COLLECTION);

  const validAt = (at: string): Filter => ({ toAt: { $gt: at }, fromAt: { $lte: at } });

  /** rows matching `filter` (fields of SbsNodeDoc) in a scope, by code */
  const rows = async (scope: SbsScope, filter: Filter, limit: number): Promise<SbsNodeRow[]> => {
    const base = { projectId: scope.projectId, versionId: scope.versionId, ...filter };
    const options = { sort: { code: 1 as const }, ...(limit > 0 ? { limit } : {}) };
    const ids = scope.at === undefined ? idList(filter) : undefined;
    if (ids !== undefined) {
      // live nodes by id (a search's matches, parents, ancestors): read by primary key and sorted here; sorted by
      // the store, the {projectId, versionId, code} index would walk the whole version in code order
      const found = (await nodes.find({ _id: { $in: ids } })).filter(
        (node) => node.projectId === scope.projectId && node.versionId === scope.versionId,
      );
      found.sort((a, b) => compareValues(a.code, b.code));
      return limit > 0 ? found.slice(0, limit) : found;
    }
    if (scope.at === undefined) return nodes.find(base, options);
    const found = await history.find({ ...base, ...validAt(scope.at) }, options);
    if (found.length === 0) return [];
    // children as of the same moment, counted per parent in one query
    const children = await history.find(
      { projectId: scope.projectId, versionId: scope.versionId, parentKey: { $in: found.map((v) => v.nodeId) }, ...validAt(scope.at) },
      { projection: { parentKey: 1 } },
    );
    const counts = new Map<string, number>();
    for (const c of children) counts.set(c.parentKey, (counts.get(c.parentKey) ?? 0) + 1);
    return found.map((v) => ({
      _id: v.nodeId,
      versionId: v.versionId,
      code: v.code,
      label: v.label,
      parentKey: v.parentKey,
      childCount: counts.get(v.nodeId) ?? 0,
    }));
  };

  /** rows by id in a scope (parents, ancestors) */
  const byIds = async (scope: SbsScope, ids: string[]): Promise<SbsNodeRow[]> =>
    ids.length === 0 ? [] : rows(scope, scope.at === undefined ? { _id: { $in: ids } } : { nodeId: { $in: ids } }, 0);

  /** the API view of rows, with their parents' codes */
  const views = async (scope: SbsScope, list: SbsNodeRow[]): Promise<SbsNodeView[]> => {
    const parentIds = [...new Set(list.map((r) => r.parentKey).filter((k) => k !== SBS_ROOT_KEY))];
    const known = new Map(list.map((r) => [r._id, r.code]));
    const missing = parentIds.filter((id) => !known.has(id));
    for (const p of await byIds(scope, missing)) known.set(p._id, p.code);
    return list.map((r) => toView(r, r.parentKey === SBS_ROOT_KEY ? null : (known.get(r.parentKey) ?? null)));
  };

  /**
   * live nodes where a segment of the code or a word of the label starts with `value` (case-insensitive), by code:
   * the terms in the prefix range, sorted by code in the store, read a page at a time until SBS_SEARCH_MAX nodes
   */
  const search = async (scope: SbsScope, value: string): Promise<SbsNodeRow[]> => {
    const needle = sbsSearchNeedle(value);
    if (needle === '') return [];
    const prefix = needle.slice(0, SBS_TERM_MAX);
    const range: Filter = { projectId: scope.projectId, versionId: scope.versionId, term: { $gte: prefix, $lt: `${prefix}\uffff` } };
    // a value longer than a term was looked up by its start: its nodes are checked whole
    const whole = needle.length > SBS_TERM_MAX ? { search: { $regex: `(^|${SBS_SEGMENT_SEPARATOR})${escapeRegExp(needle)}` } } : null;
    const found = new Set<string>();
    for (let skip = 0; found.size < SBS_SEARCH_MAX; skip += SBS_TERM_PAGE) {
      const page = await terms.find(range, { sort: { code: 1, _id: 1 }, skip, limit: SBS_TERM_PAGE, projection: { nodeId: 1 } });
      const fresh = [...new Set(page.map((term) => term.nodeId))].filter((id) => !found.has(id));
      const kept = whole
        ? new Set((await nodes.find({ _id: { $in: fresh }, ...whole }, { projection: { _id: 1 } })).map((n) => n._id))
        : null;
      for (const id of fresh) if (found.size < SBS_SEARCH_MAX && (!kept || kept.has(id))) found.add(id);
      if (page.length < SBS_TERM_PAGE) break;
    }
    return found.size === 0
      ? []
      : rows({ projectId: scope.projectId, versionId: scope.versionId }, { _id: { $in: [...found] } }, SBS_SEARCH_MAX);
  };

  return {
    rows,
    views,
    search,
    /** the rows and all their ancestors, by code */
    async withAncestors(scope: SbsScope, matches: SbsNodeRow[]): Promise<SbsNodeView[]> {
      const all = new Map(matches.map((r) => [r._id, r]));
      for (let level = matches; level.length > 0;) {
        const wanted = [...new Set(level.map((r) => r.parentKey))].filter((k) => k !== SBS_ROOT_KEY && !all.has(k));
        level = await byIds(scope, wanted);
        for (const r of level) all.set(r._id, r);
      }
      return views(
        scope,
        [...all.values()].sort((a, b) => a.code.localeCompare(b.code)),
      );
    },
    /** is `candidate` the node itself or below it (walks up from the candidate) */
    async isInSubtree(nodeId: string, candidateId: string): Promise<boolean> {
      for (let id: string = candidateId, depth = 0; id !== SBS_ROOT_KEY && depth < 10_000; depth++) {
        if (id === nodeId) return true;
        const up = await nodes.findOne({ _id: id }, { projection: { parentKey: 1 } });
        if (!up) return false;
        id = up.parentKey;
      }
      return false;
    },
    /** the SBS version a node (live or deleted) of the project belongs to; null for a node the project never had */
    async versionOfNode(nodeId: string, projectId: string): Promise<string | null> {
      const any = await history.findOne({ nodeId, projectId }, { projection: { versionId: 1 } });
      return any?.versionId ?? null;
    },
    /** a node's versions, oldest first, each with who, when and what changed */
    async history(nodeId: string, projectId: string): Promise<SbsHistoryEntry[] | null> {
      const versions = await history.find({ nodeId, projectId }, { sort: { from: 1 } });
      if (versions.length === 0) return null;
      const parentIds = [
        ...new Set(versions.flatMap((v) => [v.parentKey, v.previous?.parentKey ?? SBS_ROOT_KEY]).filter((k) => k !== SBS_ROOT_KEY)),
      ];
      const parentVersions = parentIds.length ? await history.find({ nodeId: { $in: parentIds } }, { sort: { from: 1 } }) : [];
      /** the code a parent had at a log position (its last version begun by then) */
      const codeAt = (parentKey: string, position: number): string | null => {
        if (parentKey === SBS_ROOT_KEY) return null;
        let code: string | null = null;
        for (const p of parentVersions) if (p.nodeId === parentKey && p.from <= position) code = p.code;
        return code ?? parentVersions.find((p) => p.nodeId === parentKey)?.code ?? null;
      };
      const names = new Map(
        (await users.find({ _id: { $in: [...new Set(versions.map((v) => v.by))] } })).map((u) => [u._id, u.name || u.email]),
      );
      return versions.map((v) => {
        const now = { code: v.code, label: v.label, parent_code: codeAt(v.parentKey, v.from) };
        const before =
          v.op === 'created'
            ? { code: null, label: null, parent_code: null }
            : v.op === 'updated' && v.previous
              ? { code: v.previous.code, label: v.previous.label, parent_code: codeAt(v.previous.parentKey, v.from) }
              : now;
        const changes = (['code', 'label', 'parent_code'] as const)
          .filter((field) => before[field] !== now[field] && !(v.op === 'created' && (now[field] ?? '') === ''))
          .map((field) => ({ field, from: before[field], to: now[field] }));
        return {
          op: v.op,
          at: v.fromAt,
          position: v.from,
          user: { id: v.by, name: names.get(v.by) ?? '' },
          ...now,
          changes,
        };
      });
    },
  };
};

export type SbsQueries = ReturnType<typeof createSbsQueries>;

export const toView = (row: SbsNodeRow, parentCode: string | null): SbsNodeView => ({
  id: row._id,
  code: row.code,
  label: row.label,
  parent_code: parentCode,
  hasChildren: row.childCount > 0,
  version: { id: row.versionId },
});
