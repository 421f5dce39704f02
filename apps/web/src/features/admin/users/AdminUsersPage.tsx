import { Button, ButtonGroup, HTMLTable, InputGroup, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import { EnvelopeIcon, PlusIcon, SearchIcon, UserIcon } from '@blueprintjs/icons';
import type { AdminUser } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { adminUsersCalls, adminUsersKeys, adminUsersQuery, type AdminUsersCalls } from './calls';
import { UserDialog, type UserDialogMode } from './UserDialog';
import './adminUsers.css';
import { useDateFormat } from '../../../shared/dates';
import { QueryState } from '../../../shared/QueryState';

const matches = (user: AdminUser, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

/**
 * /admin/users — the users of the selected licence (spec §6 user admin, §7 Users): search, create, invite, add an
 * existing account, the licence admin flag, disable and enable. Changes answer 'Updated user {name}' or
 * 'Failed to Updated user' (spec §8).
 */
export const AdminUsersPage = ({ calls = adminUsersCalls }: { calls?: AdminUsersCalls }) => {
  const { t } = useTranslation('admin');
  const dates = useDateFormat();
  const { user: me, licence } = useSession();
  const queryClient = useQueryClient();
  const licenceId = licence?.id ?? '';
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<UserDialogMode | null>(null);
  const users = useQuery(adminUsersQuery(licenceId, calls));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.licence(licenceId) });

  const updated = (user: AdminUser) =>
    showToast({ intent: 'success', message: t('admin.users.updated', { name: user.name || user.email }) });
  const failed = (error: unknown) =>
    showToast({ intent: 'danger', message: [t('admin.users.failed'), serverMessage(error)].filter(Boolean).join(': ') });
  const change = useMutation({
    mutationFn: (action: { user: AdminUser; admin?: boolean; disabled?: boolean }) =>
      action.admin !== undefined
        ? calls.setAdmin(licenceId, action.user.id, action.admin)
        : calls.setDisabled(licenceId, action.user.id, action.disabled ?? false),
    onSuccess: async ({ data }) => {
      updated(data);
      await refresh();
    },
    onError: failed,
  });

  const shown = useMemo(() => (users.data?.data ?? []).filter((u) => matches(u, search)), [users.data, search]);

  if (!licence) return <NonIdealState title={t('admin.users.no-licence')} />;

  return (
    <div className="stramien-admin-users">
      {/* the admin tab names the screen; no second heading */}
      <div className="stramien-admin-users__header">
        <ButtonGroup>
          <Button
            icon={<PlusIcon />}
            intent="primary"
            text={t('admin.users.create')}
            data-testid="users-create"
            onClick={() => setDialog('create')}
          />
          <Button icon={<EnvelopeIcon />} text={t('admin.users.invite')} data-testid="users-invite" onClick={() => setDialog('invite')} />
          <Button icon={<UserIcon />} text={t('admin.users.add-existing')} data-testid="users-add" onClick={() => setDialog('add')} />
        </ButtonGroup>
      </div>
      <InputGroup
        type="search"
        leftIcon={<SearchIcon />}
        placeholder={t('admin.users.search')}
        aria-label={t('admin.users.search')}
        value={search}
        onValueChange={setSearch}
        className="stramien-admin-users__search"
      />
      <QueryState
        query={users}
        errorTitle={t('admin.users.load-failed')}
        empty={<NonIdealState icon={<UserIcon size={48} />} title={t('admin.users.empty')} />}
        isEmpty={() => shown.length === 0}
      >
        <HTMLTable striped interactive className="stramien-admin-users__table" data-testid="users-table">
          <thead>
            <tr>
              <th>{t('admin.users.name')}</th>
              <th>{t('admin.users.email')}</th>
              <th>{t('admin.users.status')}</th>
              <th>{t('admin.users.licence-admin')}</th>
              <th>{t('admin.users.last-sign-in')}</th>
              <th aria-label={t('admin.users.actions')} />
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => {
              const self = user.id === me.id;
              return (
                <tr key={user.id} data-testid={`user-row-${user.email}`}>
                  <td>
                    {user.name || '—'} {user.is_systemadmin && <Tag minimal>{t('admin.users.system-admin')}</Tag>}
                  </td>
                  <td>{user.email}</td>
                  <td>
                    {user.disabled ? (
                      <Tag intent="danger" minimal>
                        {t('admin.users.status-disabled')}
                      </Tag>
                    ) : user.status === 'invited' ? (
                      <Tag intent="warning" minimal>
                        {t('admin.users.status-invited')}
                      </Tag>
                    ) : (
                      <Tag intent="success" minimal>
                        {t('admin.users.status-active')}
                      </Tag>
                    )}
                  </td>
                  <td>
                    <Switch
                      checked={user.is_admin === true}
                      disabled={self || change.isPending}
                      aria-label={t('admin.users.licence-admin-of', { name: user.name || user.email })}
                      data-testid="user-admin-toggle"
                      onChange={() => change.mutate({ user, admin: !user.is_admin })}
                    />
                  </td>
                  <td>{user.last_sign_in_at ? dates.dateTime(user.last_sign_in_at) : '—'}</td>
                  <td>
                    {!self && (
                      <Button
                        size="small"
                        variant="outlined"
                        intent={user.disabled ? 'success' : 'danger'}
                        disabled={change.isPending}
                        data-testid="user-disable-toggle"
                        text={user.disabled ? t('admin.users.enable') : t('admin.users.disable')}
                        onClick={() => change.mutate({ user, disabled: !user.disabled })}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </QueryState>
      {dialog && (
        <UserDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            const email = values.email.trim();
            let message: string;
            if (dialog === 'create') {
              const { data } = await calls.create({
                email,
                firstname: values.firstname.trim(),
                lastname: values.lastname.trim(),
                language: values.language,
                license: licenceId,
                is_admin: values.isAdmin,
              });
              message = t('admin.users.updated', { name: data.name || data.email });
            } else if (dialog === 'invite') {
              await calls.invite({
                email,
                license: licenceId,
                is_admin: values.isAdmin,
                language: values.language,
                ...(values.firstname.trim() ? { firstname: values.firstname.trim() } : {}),
                ...(values.lastname.trim() ? { lastname: values.lastname.trim() } : {}),
              });
              message = t('admin.users.invitation-sent', { email });
            } else {
              // the answer is the same whether or not the address has an account (it shows nothing of the account)
              await calls.addExisting(licenceId, email, values.isAdmin);
              message = t('admin.users.invitation-sent', { email });
            }
            showToast({ intent: 'success', message });
            await refresh();
            return message;
          }}
        />
      )}
    </div>
  );
};
