import type { Projection } from '../documentStore';
import { QueryError } from './errors';
import { splitPath } from './paths';
import { isPlainObject, type PlainObject } from './values';

/**
 * MongoDB projection: inclusion (`{ a: 1, 'b.c': 1 }`, _id kept unless `_id: 0`) or exclusion
 * (`{ a: 0 }`); dotted paths reach into sub-documents and into each element of arrays.
 */

/** a projection tree: true at a projected path, a subtree below a dotted prefix */
type Tree = { [key: string]: true | Tree };

export interface CompiledProjection {
  (document: PlainObject): PlainObject;
}

const addPath = (tree: Tree, path: string): void => {
  const parts = splitPath(path);
  let node = tree;
  parts.forEach((part, index) => {
    const existing = node[part];
    if (index === parts.length - 1) {
      if (existing !== undefined) throw new QueryError(`Path collision at '${path}' in the projection`);
      node[part] = true;
      return;
    }
    if (existing === true) throw new QueryError(`Path collision at '${path}' in the projection`);
    node = existing ?? (node[part] = {});
  });
};

const include = (value: unknown, tree: Tree): unknown => {
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const element of value) {
      if (isPlainObject(element) || Array.isArray(element)) kept.push(include(element, tree));
    }
    return kept;
  }
  if (!isPlainObject(value)) return undefined;
  const result: PlainObject = {};
  for (const [key, field] of Object.entries(value)) {
    const node = tree[key];
    if (node === undefined || field === undefined) continue;
    if (node === true) {
      result[key] = field;
      continue;
    }
    const projected = include(field, node);
    if (projected !== undefined) result[key] = projected;
  }
  return result;
};

const exclude = (value: unknown, tree: Tree): unknown => {
  if (Array.isArray(value))
    return value.map((element) => (isPlainObject(element) || Array.isArray(element) ? exclude(element, tree) : element));
  if (!isPlainObject(value)) return value;
  const result: PlainObject = {};
  for (const [key, field] of Object.entries(value)) {
    const node = tree[key];
    if (node === true) continue;
    result[key] = node === undefined ? field : exclude(field, node);
  }
  return result;
};

/** compiles a projection; throws QueryError on a mix of inclusion and exclusion or colliding paths */
export const compileProjection = (projection: Projection | undefined): CompiledProjection => {
  if (projection === undefined || Object.keys(projection).length === 0) return (document) => document;
  if (!isPlainObject(projection)) throw new QueryError('A projection must be an object');
  let mode: 'include' | 'exclude' | undefined;
  let keepId = true;
  const tree: Tree = {};
  for (const [path, flag] of Object.entries(projection)) {
    const value: unknown = flag;
    if (value !== 0 && value !== 1 && value !== true && value !== false) {
      throw new QueryError(`Projection values must be 0 or 1, got ${String(value)} at '${path}'`);
    }
    const included = value === 1 || value === true;
    if (path === '_id') {
      keepId = included;
      continue;
    }
    const fieldMode = included ? 'include' : 'exclude';
    if (mode !== undefined && mode !== fieldMode) {
      throw new QueryError(
        `Cannot do ${fieldMode === 'include' ? 'inclusion' : 'exclusion'} on field '${path}' in an ${mode}sion projection`,
      );
    }
    mode = fieldMode;
    addPath(tree, path);
  }
  if (mode === undefined) mode = keepId ? 'include' : 'exclude';
  if (mode === 'include') {
    if (keepId) tree._id = true;
    else delete tree._id;
    return (document) => include(document, tree) as PlainObject;
  }
  if (!keepId) tree._id = true;
  return (document) => exclude(document, tree) as PlainObject;
};

/** `document` with only the fields `projection` keeps */
export const project = <T extends PlainObject>(document: T, projection: Projection | undefined): Partial<T> =>
  compileProjection(projection)(document) as Partial<T>;
