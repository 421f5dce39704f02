import type { SbsNodeView } from '@stramien/api';

/** A node with the children the tree already has (a tree search's ancestors carry their matching descendants). */
export type SbsTreeNode = SbsNodeView & { children?: SbsTreeNode[] };

/** Nests a flat list (a tree search's matches and ancestors) by parent code; a node whose parent is absent is a root. */
export const nestSbs = (nodes: SbsNodeView[]): SbsTreeNode[] => {
  const byCode = new Map<string, SbsTreeNode>(nodes.map((n) => [n.code, { ...n }]));
  const roots: SbsTreeNode[] = [];
  for (const node of byCode.values()) {
    const parent = node.parent_code === null ? undefined : byCode.get(node.parent_code);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};
