import { Alert, Button, Card, Checkbox, H4, HTMLSelect, HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import { AddIcon, EditIcon, TickIcon, TrashIcon } from '@blueprintjs/icons';
import type { ColumnView } from '@stramien/api';
import { COLUMN_NAME_MAX, COLUMN_TYPES, dropdownChoices, targetTableOf, type ColumnType } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../shared/apiErrors';
import { PermissionFlagsTable } from '../../shared/PermissionFlagsTable';
import { FormField } from '../../shared/forms/FormField';
import { NoAccess } from '../../shared/status/StatusScreen';
import { showToast } from '../../shared/toaster';
import { useProject } from '../projects/ProjectLayout';
import { teamsQuery } from '../teams/queries';
import { asColumn } from './cellValues';
import { storeColumn, storePermission, storeRelation, storeTable, tableCalls, tablePermissionsQuery, tablesQuery } from './queries';
import { useTable } from './TableLayout';

/** A refusal as one line in the user's language, for a toast. */
const failed = (error: unknown, fallback: string) => showToast({ intent: 'danger', message: serverMessage(error) ?? fallback });

/** /project/:slug/tables/:tableId/settings — columns, team permissions and relations (spec 2 §2, project admins). */
export const TableSettingsPage = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const project = useProject();
  if (!table.access.manage)
    return (
      <NoAccess
        description={t('tables.settings.forbidden')}
        back={{ to: `/project/${project.slug}/tables/${table.id}`, text: t('tables.tab.records') }}
      />
    );
  return (
    <div className="stramien-table-settings" data-testid="table-settings">
      <ColumnsCard />
      <PermissionsCard />
      <RelationsCard />
    </div>
  );
};

const ColumnsCard = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<ColumnView | null>(null);
  const tables = useQuery(tablesQuery(table.project.id));
  const tableName = (id: string | null) => (id ? (tables.data?.find((x) => x.id === id)?.name ?? id) : '');
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => tableCalls.updateColumn(id, { name }),
    onSuccess: (answer) => {
      storeColumn(queryClient, table.id, answer.data, answer.position);
      setRenaming(null);
    },
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => tableCalls.deleteColumn(id),
    onSuccess: (answer) => {
      setDeleting(null);
      storeTable(queryClient, answer.data, answer.position);
    },
    onError: (error) => {
      setDeleting(null);
      failed(error, t('tables.settings.failed'));
    },
  });
  const columns = [...table.columns].sort((a, b) => a.position - b.position);

  return (
    <Card className="stramien-table-settings__card" data-testid="settings-columns">
      <H4>{t('tables.settings.columns')}</H4>
      {columns.length === 0 ? (
        <NonIdealState title={t('tables.grid.no-columns')} />
      ) : (
        <HTMLTable compact striped className="stramien-table-settings__table">
          <thead>
            <tr>
              <th scope="col">{t('tables.column.name')}</th>
              <th scope="col">{t('tables.column.type')}</th>
              <th scope="col">{t('tables.column.options')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.id} data-testid="settings-column" data-column={column.name}>
                <td>
                  {renaming?.id === column.id ? (
                    <form
                      className="stramien-table-settings__inline"
                      onSubmit={(event) => {
                        event.preventDefault();
                        if (renaming.name.trim() !== '') rename.mutate({ id: column.id, name: renaming.name.trim() });
                      }}
                    >
                      <InputGroup
                        size="small"
                        autoFocus
                        aria-label={t('tables.column.name')}
                        maxLength={COLUMN_NAME_MAX}
                        value={renaming.name}
                        onValueChange={(name) => setRenaming({ id: column.id, name })}
                      />
                      <Button
                        type="submit"
                        size="small"
                        icon={<TickIcon />}
                        aria-label={t('tables.action.save')}
                        loading={rename.isPending}
                      />
                    </form>
                  ) : (
                    column.name
                  )}
                </td>
                <td>{t(`tables.type.${column.type}`)}</td>
                <td>
                  {column.type === 'dropdown'
                    ? dropdownChoices(asColumn(column).options).join(', ')
                    : tableName(targetTableOf(asColumn(column)))}
                </td>
                <td className="stramien-table-settings__actions">
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<EditIcon />}
                    aria-label={t('tables.column.rename', { name: column.name })}
                    onClick={() => setRenaming({ id: column.id, name: column.name })}
                  />
                  <Button
                    variant="minimal"
                    size="small"
                    intent="danger"
                    icon={<TrashIcon />}
                    aria-label={t('tables.column.delete', { name: column.name })}
                    onClick={() => setDeleting(column)}
                    data-testid="delete-column"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <AddColumnForm />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('tables.action.delete')}
        cancelButtonText={t('tables.action.cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      >
        <p data-testid="delete-column-confirm">{t('tables.column.confirm-delete', { name: deleting?.name ?? '' })}</p>
      </Alert>
    </Card>
  );
};

/** The options of a new column by its type: a dropdown's choices (one per line), a table column's target. */
const optionsOf = (type: ColumnType, choices: string, target: string): Record<string, unknown> | null => {
  if (type === 'dropdown')
    return {
      options: choices
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    };
  if (type === 'table') return { table: target };
  return null;
};

const AddColumnForm = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const queryClient = useQueryClient();
  const tables = useQuery(tablesQuery(table.project.id));
  const [name, setName] = useState('');
  const [type, setType] = useState<ColumnType>('text');
  const [choices, setChoices] = useState('');
  const [target, setTarget] = useState('');
  const add = useMutation({
    mutationFn: () =>
      tableCalls.addColumn({
        project: { id: table.project.id },
        table: { id: table.id },
        name: name.trim(),
        type,
        options_value: optionsOf(type, choices, target),
      }),
    onSuccess: (answer) => {
      storeColumn(queryClient, table.id, answer.data, answer.position);
      setName('');
      setChoices('');
    },
  });
  const errors = serverFieldErrors(add.error) ?? {};
  const message = add.error && Object.keys(errors).length === 0 ? serverMessage(add.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') add.mutate();
  };
  return (
    <form className="stramien-table-settings__add" onSubmit={submit} noValidate data-testid="add-column-form">
      <FormField id="column-name" label={t('tables.column.name')} required error={errors.name?.join(' ')}>
        <InputGroup id="column-name" value={name} maxLength={COLUMN_NAME_MAX} onValueChange={setName} />
      </FormField>
      <FormField id="column-type" label={t('tables.column.type')} required error={errors.type?.join(' ')}>
        <HTMLSelect
          id="column-type"
          value={type}
          onChange={(event) => setType(event.currentTarget.value as ColumnType)}
          options={COLUMN_TYPES.map((value) => ({ value, label: t(`tables.type.${value}`) }))}
        />
      </FormField>
      {type === 'dropdown' && (
        <FormField
          id="column-options"
          label={t('tables.column.dropdown-options')}
          helper={t('tables.column.dropdown-help')}
          error={errors.options_value?.join(' ')}
        >
          <textarea
            id="column-options"
            className="bp6-input"
            rows={3}
            value={choices}
            onChange={(event) => setChoices(event.target.value)}
          />
        </FormField>
      )}
      {type === 'table' && (
        <FormField id="column-target" label={t('tables.column.target')} required error={errors.options_value?.join(' ')}>
          <HTMLSelect
            id="column-target"
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            options={[
              { value: '', label: t('tables.column.choose-table') },
              ...(tables.data ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </FormField>
      )}
      <Button
        type="submit"
        intent="primary"
        icon={<AddIcon />}
        text={t('tables.column.add')}
        loading={add.isPending}
        data-testid="add-column"
      />
      {message && <p className="bp6-intent-danger bp6-text-muted stramien-table-settings__message">{message}</p>}
    </form>
  );
};

const PermissionsCard = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const queryClient = useQueryClient();
  const teams = useQuery(teamsQuery(table.project.id));
  const permissions = useQuery(tablePermissionsQuery(table.project.id, table.id));
  const [team, setTeam] = useState('');
  const [read, setRead] = useState(true);
  const [write, setWrite] = useState(false);
  const add = useMutation({
    mutationFn: () =>
      tableCalls.addPermission({ project: { id: table.project.id }, table: { id: table.id }, team: { id: team }, read, write }),
    onSuccess: (answer) => {
      storePermission(queryClient, table.id, { permission: answer.data }, answer.position);
      setTeam('');
    },
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const change = useMutation({
    mutationFn: ({ id, flags }: { id: string; flags: { read?: boolean; write?: boolean } }) => tableCalls.updatePermission(id, flags),
    onSuccess: (answer) => storePermission(queryClient, table.id, { permission: answer.data }, answer.position),
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => tableCalls.deletePermission(id),
    onSuccess: (answer, id) => {
      storeTable(queryClient, answer.data, answer.position);
      storePermission(queryClient, table.id, { removedId: id });
    },
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const held = permissions.data ?? [];
  const free = (teams.data ?? []).filter((x) => !held.some((p) => p.team.id === x.id));
  return (
    <Card className="stramien-table-settings__card" data-testid="settings-permissions">
      <H4>{t('tables.settings.permissions')}</H4>
      <p className="bp6-text-muted">{t('tables.settings.permissions-intro')}</p>
      {held.length > 0 && (
        <PermissionFlagsTable
          rows={held.map((p) => ({ id: p.id, label: p.team.name, read: p.read, write: p.write }))}
          heading={t('tables.permission.team')}
          flagLabel={(flag) => t(`tables.permission.${flag}`)}
          removeLabel={(row) => t('tables.permission.remove', { team: row.label })}
          onChange={(row, flag, on) => change.mutate({ id: row.id, flags: { [flag]: on } })}
          onRemove={(row) => remove.mutate(row.id)}
          changing={change.isPending}
          removing={remove.isPending ? remove.variables : undefined}
          className="stramien-table-settings__table"
          actionsClassName="stramien-table-settings__actions"
          rowTestId="settings-permission"
        />
      )}
      <form
        className="stramien-table-settings__add"
        onSubmit={(event) => {
          event.preventDefault();
          if (team) add.mutate();
        }}
      >
        <FormField id="permission-team" label={t('tables.permission.team')}>
          <HTMLSelect
            id="permission-team"
            value={team}
            onChange={(event) => setTeam(event.currentTarget.value)}
            options={[
              { value: '', label: free.length > 0 ? t('tables.permission.choose-team') : t('tables.permission.no-teams') },
              ...free.map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </FormField>
        <Checkbox label={t('tables.permission.read')} checked={read} onChange={(event) => setRead(event.currentTarget.checked)} />
        <Checkbox label={t('tables.permission.write')} checked={write} onChange={(event) => setWrite(event.currentTarget.checked)} />
        <Button type="submit" icon={<AddIcon />} text={t('tables.permission.add')} disabled={!team} loading={add.isPending} />
      </form>
    </Card>
  );
};

const RelationsCard = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const queryClient = useQueryClient();
  const tables = useQuery(tablesQuery(table.project.id));
  const [column, setColumn] = useState('');
  const tableColumns = table.columns.filter((c) => c.type === 'table');
  const remove = useMutation({
    mutationFn: (id: string) => tableCalls.deleteRelation(table.project.id, id),
    onSuccess: (answer) => storeTable(queryClient, answer.data, answer.position),
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const add = useMutation({
    mutationFn: () => tableCalls.addRelation(table.project.id, { table: { id: table.id }, column: { id: column } }),
    onSuccess: (answer) => {
      storeRelation(queryClient, table.id, answer.data, answer.position);
      setColumn('');
    },
    onError: (error) => failed(error, t('tables.settings.failed')),
  });
  const columnName = (id: string) => table.columns.find((c) => c.id === id)?.name ?? id;
  const tableName = (id: string) => tables.data?.find((x) => x.id === id)?.name ?? id;
  const list = table.relations;
  const free = tableColumns.filter((c) => !list.some((r) => r.column.id === c.id));
  return (
    <Card className="stramien-table-settings__card" data-testid="settings-relations">
      <H4>{t('tables.settings.relations')}</H4>
      {list.length === 0 ? (
        <p className="bp6-text-muted">{t('tables.relation.none')}</p>
      ) : (
        <HTMLTable compact striped className="stramien-table-settings__table">
          <thead>
            <tr>
              <th scope="col">{t('tables.relation.column')}</th>
              <th scope="col">{t('tables.relation.target')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.map((relation) => (
              <tr key={relation.id} data-testid="settings-relation">
                <td>{columnName(relation.column.id)}</td>
                <td>{tableName(relation.target_table.id)}</td>
                <td className="stramien-table-settings__actions">
                  <Button
                    variant="minimal"
                    size="small"
                    intent="danger"
                    icon={<TrashIcon />}
                    aria-label={t('tables.relation.remove')}
                    loading={remove.isPending && remove.variables === relation.id}
                    onClick={() => remove.mutate(relation.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {free.length > 0 && (
        <form
          className="stramien-table-settings__add"
          onSubmit={(event) => {
            event.preventDefault();
            if (column) add.mutate();
          }}
        >
          <FormField id="relation-column" label={t('tables.relation.column')} helper={t('tables.relation.help')}>
            <HTMLSelect
              id="relation-column"
              value={column}
              onChange={(event) => setColumn(event.currentTarget.value)}
              options={[{ value: '', label: t('tables.relation.choose-column') }, ...free.map((c) => ({ value: c.id, label: c.name }))]}
            />
          </FormField>
          <Button type="submit" icon={<AddIcon />} text={t('tables.relation.add')} disabled={!column} loading={add.isPending} />
        </form>
      )}
    </Card>
  );
};
