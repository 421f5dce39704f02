/** Nodes per chunk of an SBS job (docs/sbs.md "Bulk calls"). */
export const SBS_CHUNK = 500;

/**
 * Splits items into chunks of at most `size` items of one depth each, the levels in order: 'parents-first' (an
 * import: a level's parents are in the log before its children) or 'children-first' (a delete: a node goes after
 * its children). A chunk never holds a node and its ancestor, so its appends may run side by side.
 */
export const byDepth = <T extends { depth: number }>(
  items: readonly T[],
  order: 'parents-first' | 'children-first',
  size = SBS_CHUNK,
): T[][] => {
  const levels = new Map<number, T[]>();
  for (const item of items) {
    const level = levels.get(item.depth);
    if (level) level.push(item);
    else levels.set(item.depth, [item]);
  }
  const depths = [...levels.keys()].sort((a, b) => (order === 'parents-first' ? a - b : b - a));
  const chunks: T[][] = [];
  for (const depth of depths) {
    const level = levels.get(depth)!;
    for (let i = 0; i < level.length; i += size) chunks.push(level.slice(i, i + size));
  }
  return chunks;
};

/** Each node's number of ancestors inside the set (a node whose parent is not in the set has depth 0). */
export const depthsInSet = <T extends { _id: string; parentKey: string }>(nodes: readonly T[]): (T & { depth: number })[] => {
  const byId = new Map(nodes.map((n) => [n._id, n]));
  const known = new Map<string, number>();
  const depthOf = (start: T): number => {
    // up from the node until a node of known depth or the top of the set; then the path down gets its depths
    const path: string[] = [];
    let base = 0;
    for (let node: T | undefined = start; node; node = byId.get(node.parentKey)) {
      const cached = known.get(node._id);
      if (cached !== undefined) {
        base = cached + 1;
        break;
      }
      // a cycle cannot be in the read model; the bound keeps a broken one from looping
      if (path.length > nodes.length) break;
      path.push(node._id);
    }
    path.forEach((id, i) => known.set(id, base + path.length - 1 - i));
    return known.get(start._id)!;
  };
  return nodes.map((n) => ({ ...n, depth: depthOf(n) }));
};
