import { Button, Spinner } from '@blueprintjs/core';
import { CaretDownIcon, CaretRightIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SbsTreeNode } from '../nest';
import { sbsChildrenQuery } from '../queries';

interface TreeProps {
  projectId: string;
  nodes: SbsTreeNode[];
  /** the moment the tree shows ('' for now) */
  at: string;
  selectedId: string | null;
  onSelect: (node: SbsTreeNode) => void;
}

/**
 * The SBS as a tree (ARIA tree). A node's children load when it opens (GET /sbs/:id/children); nodes that arrive
 * with their children (a tree search) start open.
 */
export const SbsTree = (props: TreeProps) => (
  <ul role="tree" className="stramien-sbs-tree">
    {props.nodes.map((node) => (
      <SbsTreeItem key={node.id} node={node} depth={1} {...props} />
    ))}
  </ul>
);

const SbsTreeItem = ({
  node,
  depth,
  projectId,
  at,
  selectedId,
  onSelect,
}: Omit<TreeProps, 'nodes'> & { node: SbsTreeNode; depth: number }) => {
  const { t } = useTranslation('sbs');
  const [open, setOpen] = useState(node.children !== undefined);
  const children = useQuery({
    ...sbsChildrenQuery(projectId, node.id, at),
    enabled: open && node.children === undefined && node.hasChildren,
  });
  const shown: SbsTreeNode[] = node.children ?? children.data ?? [];
  return (
    <li role="treeitem" aria-expanded={node.hasChildren ? open : undefined} aria-level={depth} aria-selected={selectedId === node.id}>
      <div className={`stramien-sbs-tree__row${selectedId === node.id ? ' is-selected' : ''}`} style={{ paddingLeft: (depth - 1) * 18 }}>
        {node.hasChildren ? (
          <Button
            variant="minimal"
            size="small"
            icon={open ? <CaretDownIcon /> : <CaretRightIcon />}
            aria-label={open ? t('sbs.tree.collapse', { code: node.code }) : t('sbs.tree.expand', { code: node.code })}
            onClick={() => setOpen(!open)}
          />
        ) : (
          <span className="stramien-sbs-tree__leaf" />
        )}
        <button type="button" className="stramien-sbs-tree__label" onClick={() => onSelect(node)}>
          <strong>{node.code}</strong> <span>{node.label}</span>
        </button>
        {open && children.isFetching && <Spinner size={12} aria-label={t('sbs.tree.loading')} />}
      </div>
      {open && shown.length > 0 && (
        <ul role="group">
          {shown.map((child) => (
            <SbsTreeItem
              key={child.id}
              node={child}
              depth={depth + 1}
              projectId={projectId}
              at={at}
              selectedId={selectedId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </li>
  );
};
