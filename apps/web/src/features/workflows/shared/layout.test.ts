import { describe, expect, it } from 'vitest';
import { boundsOf, COLUMN_GAP, layoutInColumns, layoutLeftToRight, NODE_HEIGHT, NODE_WIDTH, type XY } from './layout';

const overlaps = (a: XY, b: XY) => Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;
const noneOverlap = (positions: Record<string, XY>) => {
  const all = Object.values(positions);
  return all.every((a, i) => all.every((b, j) => i === j || !overlaps(a, b)));
};

describe('layoutLeftToRight', () => {
  it('puts each linked node right of the node it comes from, with room between the columns', () => {
    const at = layoutLeftToRight(
      ['start', 'a', 'b', 'end'],
      [
        { source: 'start', target: 'a' },
        { source: 'start', target: 'b' },
        { source: 'a', target: 'end' },
        { source: 'b', target: 'end' },
      ],
    );
    expect(at.a!.x - at.start!.x).toBeGreaterThanOrEqual(NODE_WIDTH + COLUMN_GAP);
    expect(at.a!.x).toBe(at.b!.x);
    expect(at.end!.x).toBeGreaterThan(at.a!.x);
    expect(at.a!.y).not.toBe(at.b!.y);
    expect(noneOverlap(at)).toBe(true);
  });

  it('places nodes without links, and leaves out links to nodes that are not there', () => {
    const at = layoutLeftToRight(['x', 'y'], [{ source: 'x', target: 'gone' }]);
    expect(Object.keys(at).sort()).toEqual(['x', 'y']);
    expect(noneOverlap(at)).toBe(true);
  });

  it('lays out a draft with a loop', () => {
    const at = layoutLeftToRight(
      ['a', 'b', 'c'],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'c', target: 'a' },
      ],
    );
    expect(Object.values(at).every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    expect(noneOverlap(at)).toBe(true);
  });

  it('gives the same positions for the same graph', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `n${i}`);
    const edges = ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 2)]!, target: id }));
    expect(layoutLeftToRight(ids, edges)).toEqual(layoutLeftToRight(ids, edges));
  });

  it('lays out 200 nodes without overlap', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `n${i}`);
    const edges = ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 3)]!, target: id }));
    expect(noneOverlap(layoutLeftToRight(ids, edges))).toBe(true);
  });
});

describe('boundsOf', () => {
  it('holds every node of a layout, each at its drawn size', () => {
    const at = layoutLeftToRight(
      ['start', 'a', 'b'],
      [
        { source: 'start', target: 'a' },
        { source: 'a', target: 'b' },
      ],
    );
    const box = boundsOf(at)!;
    for (const p of Object.values(at)) {
      expect(p.x).toBeGreaterThanOrEqual(box.x);
      expect(p.y).toBeGreaterThanOrEqual(box.y);
      expect(p.x + NODE_WIDTH).toBeLessThanOrEqual(box.x + box.width);
      expect(p.y + NODE_HEIGHT).toBeLessThanOrEqual(box.y + box.height);
    }
    expect(box).toEqual({ x: at.start!.x, y: at.start!.y, width: at.b!.x + NODE_WIDTH - at.start!.x, height: NODE_HEIGHT });
  });

  it('is the node itself for one node, and nothing for none', () => {
    expect(boundsOf({ only: { x: -40, y: 15 } })).toEqual({ x: -40, y: 15, width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(boundsOf({})).toBeNull();
  });
});

describe('layoutInColumns', () => {
  it('puts each node in its column, the first column at x 0, and stacks a column without overlap', () => {
    const at = layoutInColumns(['s', 'a', 'b', 'e'], [], { s: 1, a: 2, b: 2, e: 3 });
    expect(at.s!.x).toBe(0);
    expect(at.a!.x).toBe(NODE_WIDTH + COLUMN_GAP);
    expect(at.b!.x).toBe(at.a!.x);
    expect(at.e!.x).toBe(2 * (NODE_WIDTH + COLUMN_GAP));
    expect(noneOverlap(at)).toBe(true);
  });

  it('orders a column by the height of the nodes that link into it', () => {
    const edges = [
      { source: 's', target: 'top' },
      { source: 's', target: 'bottom' },
      { source: 'bottom', target: 'p' },
      { source: 'top', target: 'q' },
    ];
    const at = layoutInColumns(['s', 'top', 'bottom', 'p', 'q'], edges, { s: 1, top: 2, bottom: 2, p: 3, q: 3 });
    expect(at.top!.y).toBeLessThan(at.bottom!.y);
    // q follows top, p follows bottom, whatever order they were given in
    expect(at.q!.y).toBeLessThan(at.p!.y);
  });

  it('puts nodes without a column after the last column', () => {
    const at = layoutInColumns(['s', 'lost'], [], { s: 1 });
    expect(at.lost!.x).toBe(NODE_WIDTH + COLUMN_GAP);
  });
});
