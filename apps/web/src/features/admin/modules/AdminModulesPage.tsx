import { Callout, Card, H5, Switch, Tag } from '@blueprintjs/core';
import { CubeIcon } from '@blueprintjs/icons';
import { licenceModuleRoutes, type LicenceModule } from '@stramien/api';
import { MODULE_CATEGORIES } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { useModuleName } from '../../../shared/moduleName';
import { QueryState } from '../../../shared/QueryState';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { adminKeys, licenceModulesQuery } from '../queries';

/** /admin/modules (needs admin-license-modules) — which catalogue modules the licence holds (spec 2 §7). */
export const AdminModulesPage = () => {
  const { t } = useTranslation('admin');
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const queryClient = useQueryClient();
  const nameOf = useModuleName();
  const modules = useQuery({ ...licenceModulesQuery(licenceId), enabled: licenceId !== '' });

  const toggle = useMutation({
    mutationFn: ({ module, on }: { module: LicenceModule; on: boolean }) =>
      api.call(on ? licenceModuleRoutes.add : licenceModuleRoutes.remove, { params: { moduleId: module.id, licenseId: licenceId } }),
    onSuccess: (res, { module }) => {
      queryClient.setQueryData(adminKeys.modules(licenceId), res.data);
      showToast({ intent: 'success', message: t('admin.modules.updated', { name: nameOf(module) }) });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('admin.form.failed') }),
  });

  return (
    <QueryState query={modules} errorTitle={t('admin.form.load-failed')} errorIcon={<CubeIcon size={32} />}>
      {(list) => {
        const licensed = list.filter((m) => m.licensed).length;
        return (
          <div className="stramien-admin__modules" data-testid="admin-modules">
            <Callout intent="primary" icon={<CubeIcon />}>
              {t('admin.modules.intro', { count: licensed, total: list.length })}
            </Callout>
            {MODULE_CATEGORIES.map((category) => {
              const inCategory = list.filter((m) => m.category === category);
              if (inCategory.length === 0) return null;
              return (
                <Card key={category} className="stramien-admin__module-group">
                  <H5>{t(`admin.modules.category-${category}`)}</H5>
                  {inCategory.map((module) => (
                    <div key={module.id} className="stramien-admin__module">
                      <Switch
                        checked={module.licensed}
                        disabled={!module.available || toggle.isPending}
                        label={nameOf(module)}
                        data-testid={`licence-module-${module.id}`}
                        onChange={(event) => toggle.mutate({ module, on: event.currentTarget.checked })}
                      />
                      {module.manufacturing && (
                        <Tag minimal intent={module.available ? 'none' : 'warning'}>
                          {module.available ? t('admin.modules.manufacturing') : t('admin.modules.manufacturing-only')}
                        </Tag>
                      )}
                    </div>
                  ))}
                </Card>
              );
            })}
          </div>
        );
      }}
    </QueryState>
  );
};
