import { isPlainObject } from '../query/values';

/**
 * What the documents of a collection have held at each field path, as far as SQL translation cares:
 * arrays, booleans, sub-documents. SQLite's json_extract sees one value per path and cannot look into
 * arrays the way MongoDB does, so a filter on a path is only translated to SQL when no document ever
 * had an array on the way to it (MongoDB's "multikey" notion), and only counts as exact when the
 * values there were strings, numbers and nulls. The summary only grows (until the collection is
 * dropped), so it is always a safe over-approximation of the stored documents.
 *
 * Maps with generated keys (e.g. `cells.<columnId>`) would make the summary grow without bound, so a
 * sub-document with more than MAX_CHILDREN recorded fields is marked open: any path below it counts
 * as unknown and is evaluated in JavaScript.
 */

export const ARRAY = 1;
export const BOOLEAN = 2;
export const OBJECT = 4;
const UNKNOWN = ARRAY | BOOLEAN | OBJECT;

const MAX_CHILDREN = 256;

export interface PathShape {
  /** false when json_extract may miss a value MongoDB would see (an array on the way, or unknown) */
  translatable: boolean;
  /** ARRAY | BOOLEAN | OBJECT: what the path itself has held */
  flags: number;
}

interface SerializedShape {
  flags?: Array<[string, number]>;
  open?: string[];
}

const parentOf = (path: string): string => {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? '' : path.slice(0, dot);
};

export class ShapeSummary {
  private readonly flags = new Map<string, number>();
  /** sub-document paths ('' for the root) whose fields are no longer recorded one by one */
  private readonly open = new Set<string>();
  private readonly children = new Map<string, number>();
  /** true when the summary changed since it was last serialized */
  dirty = false;
  /** grows with the summary: translations made under an older version are stale */
  version = 0;

  static parse(json: string): ShapeSummary {
    const shape = new ShapeSummary();
    const data = JSON.parse(json) as SerializedShape;
    for (const path of data.open ?? []) shape.open.add(path);
    for (const [path, flags] of data.flags ?? []) {
      shape.flags.set(path, flags);
      shape.children.set(parentOf(path), (shape.children.get(parentOf(path)) ?? 0) + 1);
    }
    return shape;
  }

  serialize(): string {
    this.dirty = false;
    return JSON.stringify({ flags: [...this.flags], open: [...this.open] } satisfies SerializedShape);
  }

  /** records what `document` holds; returns true when the summary grew */
  observe(document: Record<string, unknown>): boolean {
    const before = this.dirty;
    this.dirty = false;
    this.walk(document, '');
    const grew = this.dirty;
    this.dirty = before || grew;
    if (grew) this.version++;
    return grew;
  }

  pathShape(path: string): PathShape {
    const parts = path.split('.');
    let prefix = '';
    for (let i = 0; i < parts.length; i++) {
      if (this.open.has(prefix)) return { translatable: false, flags: UNKNOWN };
      prefix = i === 0 ? parts[0]! : `${prefix}.${parts[i]}`;
      const flags = this.flags.get(prefix) ?? 0;
      if (i < parts.length - 1 && (flags & ARRAY) !== 0) return { translatable: false, flags: UNKNOWN };
    }
    return { translatable: true, flags: this.flags.get(path) ?? 0 };
  }

  private walk(object: Record<string, unknown>, prefix: string): void {
    if (this.open.has(prefix)) return;
    for (const key of Object.keys(object)) {
      if (prefix === '' && key === '_id') continue;
      const value = object[key];
      let flag = 0;
      if (Array.isArray(value)) flag = ARRAY;
      else if (typeof value === 'boolean') flag = BOOLEAN;
      else if (isPlainObject(value)) flag = OBJECT;
      else if (value !== null && typeof value === 'object' && !(value instanceof Date)) flag = UNKNOWN;
      if (flag === 0) continue;
      const path = prefix === '' ? key : `${prefix}.${key}`;
      this.record(prefix, path, flag);
      if (this.open.has(prefix)) return;
      if (flag === OBJECT) this.walk(value as Record<string, unknown>, path);
    }
  }

  private record(parent: string, path: string, flag: number): void {
    const existing = this.flags.get(path);
    if (existing !== undefined) {
      if ((existing & flag) !== flag) {
        this.flags.set(path, existing | flag);
        this.dirty = true;
      }
      return;
    }
    const count = (this.children.get(parent) ?? 0) + 1;
    if (count > MAX_CHILDREN) {
      this.close(parent);
      return;
    }
    this.children.set(parent, count);
    this.flags.set(path, flag);
    this.dirty = true;
  }

  private close(parent: string): void {
    const below = parent === '' ? '' : `${parent}.`;
    for (const path of [...this.flags.keys()]) if (path.startsWith(below)) this.flags.delete(path);
    for (const path of [...this.children.keys()]) if (path === parent || path.startsWith(below)) this.children.delete(path);
    for (const path of [...this.open]) if (path.startsWith(below) && path !== parent) this.open.delete(path);
    this.open.add(parent);
    this.dirty = true;
  }
}
