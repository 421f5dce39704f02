import { Button, ButtonGroup, H3, InputGroup, NonIdealState } from '@blueprintjs/core';
import { DiagramTreeIcon, SearchIcon, SettingsIcon } from '@blueprintjs/icons';
import type { SbsNodeView } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProject } from '../projects/ProjectLayout';
import { QueryState } from '../../shared/QueryState';
import { SbsNodeDetail } from './components/SbsNodeDetail';
import { SbsTree } from './components/SbsTree';
import { VersionSelect } from './components/VersionSelect';
import { nestSbs } from './nest';
import { sbsPermissionsQuery, sbsSearchQuery, sbsTreeQuery } from './queries';
import { sbsVersionSearch, useSbsVersion } from './useSbsVersion';
import './sbs.css';

/** /project/:slug/sbs — the SBS tree with lazy children, search (tree or flat), a node's detail and history, the tree as of a moment. */
export const SbsPage = () => {
  const { t } = useTranslation('sbs');
  const project = useProject();
  const [version] = useSbsVersion(project.id);
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<'tree' | 'flat'>('tree');
  const [at, setAt] = useState('');
  const [selected, setSelected] = useState<SbsNodeView | null>(null);
  const value = useDeferredValue(search.trim());
  const permissions = useQuery(sbsPermissionsQuery(project.id));
  const tree = useQuery({ ...sbsTreeQuery(project.id, version, at), enabled: value === '' });
  const found = useQuery({ ...sbsSearchQuery(project.id, version, value, mode), enabled: value !== '' });
  const empty = <NonIdealState icon={<DiagramTreeIcon size={40} />} title={value ? t('sbs.search.none') : t('sbs.tree.empty')} />;
  const select = (node: SbsNodeView) => setSelected(node);
  return (
    <div className="stramien-page stramien-sbs" data-testid="sbs-page">
      <div className="stramien-sbs__header">
        <H3>{t('sbs.page.title')}</H3>
        {permissions.data?.manage && (
          <Link className="bp6-button" to={`management${sbsVersionSearch(project.id, version)}`}>
            <SettingsIcon /> <span>{t('sbs.page.manage')}</span>
          </Link>
        )}
      </div>
      <div className="stramien-sbs__toolbar">
        <VersionSelect projectId={project.id} onChange={() => setSelected(null)} />
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={t('sbs.search.placeholder')}
          aria-label={t('sbs.search.placeholder')}
          value={search}
          onValueChange={setSearch}
        />
        <ButtonGroup>
          <Button text={t('sbs.search.tree')} active={mode === 'tree'} onClick={() => setMode('tree')} />
          <Button text={t('sbs.search.flat')} active={mode === 'flat'} onClick={() => setMode('flat')} />
        </ButtonGroup>
        <label className="stramien-sbs__as-of">
          <span>{t('sbs.tree.as-of')}</span>
          <input
            type="datetime-local"
            className="bp6-input"
            aria-label={t('sbs.tree.as-of')}
            value={at}
            onChange={(e) => setAt(e.target.value)}
          />
        </label>
        {at && <Button variant="minimal" text={t('sbs.tree.now')} onClick={() => setAt('')} />}
      </div>
      <div className="stramien-sbs__body">
        <div className="stramien-sbs__tree" data-testid="sbs-tree">
          {value === '' ? (
            <QueryState query={tree} empty={empty}>
              {(nodes) => <SbsTree projectId={project.id} nodes={nodes} at={at} selectedId={selected?.id ?? null} onSelect={select} />}
            </QueryState>
          ) : (
            <QueryState query={found} empty={empty}>
              {(nodes) =>
                mode === 'tree' ? (
                  <SbsTree
                    key={value}
                    projectId={project.id}
                    nodes={nestSbs(nodes)}
                    at=""
                    selectedId={selected?.id ?? null}
                    onSelect={select}
                  />
                ) : (
                  <ul className="stramien-sbs__flat" data-testid="sbs-flat">
                    {nodes.map((node) => (
                      <li key={node.id}>
                        <button type="button" className="stramien-sbs-tree__label" onClick={() => select(node)}>
                          <strong>{node.code}</strong> <span>{node.label}</span>
                          {node.parent_code && (
                            <span className="bp6-text-muted"> — {t('sbs.search.under', { code: node.parent_code })}</span>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                )
              }
            </QueryState>
          )}
        </div>
        {selected && <SbsNodeDetail key={selected.id} projectId={project.id} node={selected} />}
      </div>
    </div>
  );
};
