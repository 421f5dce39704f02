import { describe, expect, it } from 'vitest';
import { QueryError } from './errors';
import { project } from './project';

const doc = { _id: 'p1', a: 1, b: { c: 2, d: 3 }, list: [{ x: 1, y: 2 }, { x: 3 }, 7], e: 'e' };

describe('project', () => {
  it('returns the document unchanged without a projection', () => expect(project(doc, undefined)).toBe(doc));

  describe('inclusion', () => {
    it('keeps the listed fields and _id', () => expect(project(doc, { a: 1, e: 1 })).toEqual({ _id: 'p1', a: 1, e: 'e' }));
    it('drops _id when asked', () => expect(project(doc, { a: 1, _id: 0 })).toEqual({ a: 1 }));
    it('keeps dotted fields of sub-documents and of each array element', () => {
      expect(project(doc, { 'b.c': 1, 'list.x': 1 })).toEqual({ _id: 'p1', b: { c: 2 }, list: [{ x: 1 }, { x: 3 }] });
    });
    it('keeps only _id with { _id: 1 }', () => expect(project(doc, { _id: 1 })).toEqual({ _id: 'p1' }));
  });

  describe('exclusion', () => {
    it('drops the listed fields', () => expect(project(doc, { b: 0, list: 0 })).toEqual({ _id: 'p1', a: 1, e: 'e' }));
    it('drops dotted fields inside sub-documents and arrays', () => {
      expect(project(doc, { 'b.d': 0, 'list.y': 0, _id: 0 })).toEqual({ a: 1, b: { c: 2 }, list: [{ x: 1 }, { x: 3 }, 7], e: 'e' });
    });
    it('drops only _id with { _id: 0 }', () => {
      const { _id, ...rest } = doc;
      expect(_id).toBe('p1');
      expect(project(doc, { _id: 0 })).toEqual(rest);
    });
  });

  it('refuses a mix of inclusion and exclusion and colliding paths', () => {
    expect(() => project(doc, { a: 1, b: 0 })).toThrow(QueryError);
    expect(() => project(doc, { b: 1, 'b.c': 1 })).toThrow(/collision/);
  });
});
