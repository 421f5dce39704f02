import { Alert, Button, Checkbox, H3, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { AddIcon, EditIcon, ImportIcon, SearchIcon, TrashIcon } from '@blueprintjs/icons';
import { SBS_VERSION_NAME_MAX, sbsMessages } from '@stramien/domain';
import type { SbsNodeView } from '@stramien/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProject } from '../projects/ProjectLayout';
import { QueryState } from '../../shared/QueryState';
import { NoAccess } from '../../shared/status/StatusScreen';
import { serverMessage } from '../../shared/apiErrors';
import { serverText } from '../../shared/serverText';
import { showToast } from '../../shared/toaster';
import { SbsImportDialog } from './components/SbsImportDialog';
import { SbsJobDialog } from './components/SbsJobDialog';
import { SbsNodeDialog } from './components/SbsNodeDialog';
import { VersionSelect } from './components/VersionSelect';
import { sbsCalls, sbsKeys, sbsListQuery, sbsPermissionsQuery } from './queries';
import { sbsVersionSearch, useSbsVersion } from './useSbsVersion';
import './sbs.css';

type Confirm = { kind: 'delete'; ids: string[] } | { kind: 'clear' } | { kind: 'version' };
/** a bulk delete or a clear at work (a background job, docs/sbs.md "Bulk calls") */
type Running = { kind: 'delete' | 'clear'; jobId: string };

/**
 * /project/:slug/sbs/management — create, edit, delete one or many, clear, import, and the versions; needs
 * `sbs-management` (spec 2 §6), which the server answers in GET /sbs-permissions: without it the page says so. One
 * record is deleted at once; deleting several, a clear and an import are background jobs whose progress (with a
 * Cancel) shows in a dialog, and the SBS loads again when they end.
 */
export const SbsManagementPage = () => {
  const { t } = useTranslation('sbs');
  const project = useProject();
  const permissions = useQuery(sbsPermissionsQuery(project.id));
  if (permissions.isPending) return <Spinner aria-label={t('sbs.tree.loading')} />;
  if (!permissions.data?.manage) {
    return (
      <NoAccess description={t('sbs.manage.no-access')} back={{ to: `/project/${project.slug}/sbs`, text: t('sbs.manage.to-overview') }} />
    );
  }
  return <SbsManagement />;
};

const SbsManagement = () => {
  const { t } = useTranslation('sbs');
  const project = useProject();
  const queryClient = useQueryClient();
  const calls = sbsCalls(project.id);
  const [version, setVersion] = useSbsVersion(project.id);
  const [filter, setFilter] = useState('');
  const code = useDeferredValue(filter.trim());
  const list = useQuery(sbsListQuery(project.id, version, code));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<SbsNodeView | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [versionName, setVersionName] = useState('');
  const isDefault = version === project.id;

  const refresh = () => queryClient.invalidateQueries({ queryKey: sbsKeys.project(project.id) });
  /** runs a change, toasts its answer (or its failure) in the user's language, and reloads the SBS */
  const run = async (change: () => Promise<{ message: string }>) => {
    try {
      const answer = await change();
      showToast({ intent: 'success', message: serverText(answer.message) });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('sbs.manage.failed') });
    }
    setSelected(new Set());
    await refresh();
  };
  /** starts a bulk job and follows it in a dialog; a refused start is a toast */
  const startJob = async (kind: Running['kind'], start: () => Promise<{ data: { id: string } }>) => {
    try {
      const answer = await start();
      setRunning({ kind, jobId: answer.data.id });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('sbs.manage.failed') });
    }
    setSelected(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="stramien-page stramien-sbs" data-testid="sbs-management">
      <div className="stramien-sbs__header">
        <H3>{t('sbs.manage.title')}</H3>
        <Link to={`/project/${project.slug}/sbs${sbsVersionSearch(project.id, version)}`}>{t('sbs.manage.to-overview')}</Link>
      </div>
      <div className="stramien-sbs__toolbar">
        <VersionSelect projectId={project.id} onChange={() => setSelected(new Set())} />
        <InputGroup
          aria-label={t('sbs.version.new-name')}
          placeholder={t('sbs.version.new-name')}
          value={versionName}
          maxLength={SBS_VERSION_NAME_MAX}
          onValueChange={setVersionName}
        />
        <Button
          icon={<AddIcon />}
          text={t('sbs.version.create')}
          disabled={versionName.trim() === ''}
          onClick={() =>
            void run(async () => {
              const answer = await calls.createVersion(versionName);
              setVersionName('');
              setVersion(answer.data.id);
              return answer;
            })
          }
        />
        <Button
          icon={<TrashIcon />}
          intent="danger"
          variant="outlined"
          text={t('sbs.version.delete')}
          disabled={isDefault}
          onClick={() => setConfirm({ kind: 'version' })}
        />
      </div>
      <div className="stramien-sbs__manage-actions">
        <Button icon={<AddIcon />} intent="primary" text={t('sbs.action.new')} onClick={() => setEditing('new')} />
        <Button icon={<ImportIcon />} text={t('sbs.import.open')} onClick={() => setImporting(true)} />
        <Button
          icon={<TrashIcon />}
          intent="danger"
          text={t('sbs.action.delete-selected', { count: selected.size })}
          disabled={selected.size === 0}
          onClick={() => setConfirm({ kind: 'delete', ids: [...selected] })}
        />
        <Button intent="danger" variant="outlined" text={t('sbs.action.clear')} onClick={() => setConfirm({ kind: 'clear' })} />
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={t('sbs.manage.filter')}
          aria-label={t('sbs.manage.filter')}
          value={filter}
          onValueChange={setFilter}
        />
      </div>
      <QueryState query={list} empty={<p className="bp6-text-muted">{t('sbs.tree.empty')}</p>}>
        {(nodes) => (
          <HTMLTable compact striped interactive className="stramien-sbs__list" data-testid="sbs-list">
            <thead>
              <tr>
                <th>
                  <Checkbox
                    aria-label={t('sbs.manage.select-all')}
                    checked={nodes.length > 0 && nodes.every((n) => selected.has(n.id))}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(nodes.map((n) => n.id)) : new Set())}
                  />
                </th>
                <th>{t('sbs.field.code')}</th>
                <th>{t('sbs.field.label')}</th>
                <th>{t('sbs.field.parent')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {nodes.map((node) => (
                <tr key={node.id} data-code={node.code}>
                  <td>
                    <Checkbox
                      aria-label={t('sbs.manage.select', { code: node.code })}
                      checked={selected.has(node.id)}
                      onChange={(e) => toggle(node.id, e.currentTarget.checked)}
                    />
                  </td>
                  <td>{node.code}</td>
                  <td>{node.label}</td>
                  <td>{node.parent_code ?? '—'}</td>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      icon={<EditIcon />}
                      aria-label={t('sbs.action.edit', { code: node.code })}
                      onClick={() => setEditing(node)}
                    />
                    <Button
                      variant="minimal"
                      size="small"
                      intent="danger"
                      icon={<TrashIcon />}
                      aria-label={t('sbs.action.delete', { code: node.code })}
                      onClick={() => setConfirm({ kind: 'delete', ids: [node.id] })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
      {editing !== null && (
        <SbsNodeDialog
          node={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            const answer = editing === 'new' ? await calls.create(version, values) : await calls.update(editing.id, values);
            showToast({ intent: 'success', message: serverText(answer.message) });
            await refresh();
          }}
        />
      )}
      {importing && (
        <SbsImportDialog
          onClose={() => setImporting(false)}
          onImport={async (file) => {
            const answer = await calls.import(version, file);
            await refresh();
            return answer;
          }}
        />
      )}
      {running && (
        <SbsJobDialog
          jobId={running.jobId}
          title={t(running.kind === 'delete' ? 'sbs.job.delete-title' : 'sbs.job.clear-title')}
          describe={(progress) => t('sbs.job.deleting', progress)}
          finished={() => (running.kind === 'delete' ? sbsMessages.deleted : sbsMessages.cleared)}
          onClose={() => setRunning(null)}
        />
      )}
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon={<TrashIcon />}
        cancelButtonText={t('sbs.action.cancel')}
        confirmButtonText={t('sbs.action.confirm')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const current = confirm;
          setConfirm(null);
          if (current?.kind === 'delete') {
            if (current.ids.length === 1) void run(() => calls.remove(current.ids[0]!));
            else void startJob('delete', () => calls.removeMany(current.ids));
          }
          if (current?.kind === 'clear') void startJob('clear', () => calls.clear(version));
          if (current?.kind === 'version')
            void run(async () => {
              const answer = await calls.removeVersion(version);
              setVersion(project.id);
              return answer;
            });
        }}
      >
        <p>
          {confirm?.kind === 'delete' && t('sbs.confirm.delete', { count: confirm.ids.length })}
          {confirm?.kind === 'clear' && t('sbs.confirm.clear')}
          {confirm?.kind === 'version' && t('sbs.confirm.version')}
        </p>
      </Alert>
    </div>
  );
};
