import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { ThIcon } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PermissionFlagsTable, type PermissionFlag } from '../../../shared/PermissionFlagsTable';
import { tablesQuery } from '../../tables/queries';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys, teamPermissionsQuery } from '../queries';
import type { TeamTabProps } from './types';

/**
 * Table permissions of the team (spec 2 §6: per table and per team). They are created from a table's settings;
 * here they can be changed and removed.
 */
export const TablesTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const all = useQuery(teamPermissionsQuery(project.id, team.id));
  // the grant names its table by id: the project's tables give the names (a table the user cannot read keeps its id)
  const tables = useQuery(tablesQuery(project.id));
  const tableName = (id: string) => tables.data?.find((table) => table.id === id)?.name ?? id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) });
  const update = useMutation({
    mutationFn: ({ permissionId, flag, on }: { permissionId: string; flag: PermissionFlag; on: boolean }) =>
      calls.updateTablePermission(permissionId, { [flag]: on }),
    onSuccess: refresh,
    onError: toasts.updateFailed,
  });
  const remove = useMutation({
    mutationFn: (permissionId: string) => calls.deleteTablePermission(permissionId),
    onSuccess: refresh,
    onError: toasts.updateFailed,
  });

  if (all.isPending) return <Spinner size={20} />;
  const mine = all.data?.tables ?? [];
  return (
    <div className="stramien-teams__tab" data-testid="team-tables">
      <Callout className="stramien-teams__intro">{t('teams.tables.intro')}</Callout>
      {mine.length === 0 ? (
        <NonIdealState icon={<ThIcon size={32} />} title={t('teams.empty.nothing-special')} description={t('teams.tables.empty')} />
      ) : (
        <PermissionFlagsTable
          rows={mine.map((p) => ({ id: p.id, label: tableName(p.table.id), read: p.read, write: p.write }))}
          heading={t('teams.tables.table')}
          flagLabel={(flag) => t(`teams.tables.${flag}`)}
          removeLabel={(row) => t('teams.tables.remove', { table: row.label })}
          onChange={(row, flag, on) => update.mutate({ permissionId: row.id, flag, on })}
          onRemove={(row) => remove.mutate(row.id)}
          changing={update.isPending}
          removing={remove.isPending ? remove.variables : undefined}
          className="stramien-teams__table"
          actionsClassName="stramien-teams__actions"
          rowTestId="team-table-permission"
        />
      )}
    </div>
  );
};
