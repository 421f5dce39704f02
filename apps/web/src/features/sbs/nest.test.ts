import { describe, expect, it } from 'vitest';
import type { SbsNodeView } from '@stramien/api';
import { nestSbs } from './nest';

const node = (code: string, parent_code: string | null): SbsNodeView => ({
  id: code,
  code,
  label: '',
  parent_code,
  hasChildren: false,
  version: { id: 'v' },
});

describe('nestSbs', () => {
  it('nests a tree search answer by parent code, keeping the order of the list', () => {
    const tree = nestSbs([node('A', null), node('A.1', 'A'), node('A.1.1', 'A.1'), node('A.2', 'A'), node('B.1', 'B')]);
    expect(tree.map((n) => n.code)).toEqual(['A', 'B.1']);
    expect(tree[0]!.children!.map((n) => n.code)).toEqual(['A.1', 'A.2']);
    expect(tree[0]!.children![0]!.children!.map((n) => n.code)).toEqual(['A.1.1']);
    expect(tree[1]!.children).toBeUndefined();
  });
});
