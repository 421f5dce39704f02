import { Button, Checkbox, Dialog, DialogBody, DialogFooter, H6, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_NUMBER_MAX, PROJECT_ROLE_NAME_MAX } from '@stramien/domain';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import type { Body, ModuleDefinitionView, projectRoutes } from '@stramien/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { fieldErrorsOf } from '../fieldErrors';
import { useModuleName } from '../../../../shared/moduleName';
import { FormField } from '../../../../shared/forms/FormField';

export type CreateProjectBody = Omit<Body<typeof projectRoutes.create>, 'license'>;

interface RoleRow {
  key: number;
  name: string;
  isProjectAdmin: boolean;
}

export interface CreateProjectDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** the modules the licence's projects may add */
  modules: ModuleDefinitionView[];
  /** sends POST /project; rejects with the ApiError when refused */
  onCreate: (body: CreateProjectBody) => Promise<void>;
}

/** The 'create project' dialog for user admins: name, number, description, modules and roles with is_projectadmin. */
export const CreateProjectDialog = ({ isOpen, onClose, modules, onCreate }: CreateProjectDialogProps) => {
  const { t } = useTranslation('projects');
  const defaultRoles = (): RoleRow[] => [
    { key: 1, name: t('projects.create.role-admin'), isProjectAdmin: true },
    { key: 2, name: t('projects.create.role-member'), isProjectAdmin: false },
  ];
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [roles, setRoles] = useState<RoleRow[]>(defaultRoles);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [nextKey, setNextKey] = useState(3);

  const reset = () => {
    setName('');
    setNumber('');
    setDescription('');
    setChosen([]);
    setRoles(defaultRoles());
    setErrors({});
  };

  const validate = (): Record<string, string> => {
    const required = t('projects.form.required');
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = required;
    if (!number.trim()) found.number = required;
    roles.forEach((r) => {
      if (!r.name.trim()) found[`role-${r.key}`] = required;
    });
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onCreate({
        name: name.trim(),
        number: number.trim(),
        description: description.trim(),
        modules: chosen,
        roles: roles.map((r) => ({ name: r.name.trim(), is_projectadmin: r.isProjectAdmin })),
      });
      reset();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0 || fields.roles || fields.modules) {
        showToast({ intent: 'danger', message: fields.roles ?? fields.modules ?? serverMessage(error) ?? t('projects.create.failed') });
      }
    } finally {
      setBusy(false);
    }
  };

  const setRole = (key: number, change: Partial<RoleRow>) => setRoles((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const moduleName = useModuleName();
  const sortedModules = [...modules].sort((a, b) => moduleName(a).localeCompare(moduleName(b)));

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('projects.create.title')} className="stramien-create-project">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <div className="stramien-create-project__row">
            <FormField id="create-project-number" label={t('projects.form.number')} required error={errors.number}>
              <InputGroup
                id="create-project-number"
                aria-label={t('projects.form.number')}
                value={number}
                maxLength={PROJECT_NUMBER_MAX}
                intent={errors.number ? 'danger' : 'none'}
                onValueChange={setNumber}
              />
            </FormField>
            <FormField
              className="stramien-create-project__name"
              id="create-project-name"
              label={t('projects.form.name')}
              required
              error={errors.name}
            >
              <InputGroup
                id="create-project-name"
                aria-label={t('projects.form.name')}
                value={name}
                maxLength={PROJECT_NAME_MAX}
                intent={errors.name ? 'danger' : 'none'}
                onValueChange={setName}
              />
            </FormField>
          </div>
          <FormField label={t('projects.form.description')} id="create-project-description">
            <TextArea
              id="create-project-description"
              aria-label={t('projects.form.description')}
              fill
              maxLength={PROJECT_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>

          <H6>{t('projects.create.roles')}</H6>
          <ul className="stramien-create-project__roles" data-testid="create-project-roles">
            {roles.map((role) => (
              <li key={role.key}>
                <FormField error={errors[`role-${role.key}`]}>
                  <InputGroup
                    aria-label={t('projects.create.role-name')}
                    placeholder={t('projects.create.role-name')}
                    value={role.name}
                    maxLength={PROJECT_ROLE_NAME_MAX}
                    intent={errors[`role-${role.key}`] ? 'danger' : 'none'}
                    onValueChange={(value) => setRole(role.key, { name: value })}
                  />
                </FormField>
                <Switch
                  label={t('projects.role.is-projectadmin')}
                  checked={role.isProjectAdmin}
                  onChange={(e) => setRole(role.key, { isProjectAdmin: e.currentTarget.checked })}
                />
                <Button
                  variant="minimal"
                  icon={<TrashIcon />}
                  aria-label={t('projects.create.remove-role')}
                  disabled={roles.length <= 1}
                  onClick={() => setRoles((rows) => rows.filter((r) => r.key !== role.key))}
                />
              </li>
            ))}
          </ul>
          <Button
            variant="minimal"
            icon={<PlusIcon />}
            text={t('projects.create.add-role')}
            onClick={() => {
              setRoles((rows) => [...rows, { key: nextKey, name: '', isProjectAdmin: false }]);
              setNextKey((k) => k + 1);
            }}
          />
          <p className="bp6-text-muted bp6-text-small">{t('projects.create.roles-hint')}</p>

          <H6>{t('projects.create.modules')}</H6>
          {sortedModules.length === 0 ? (
            <p className="bp6-text-muted">{t('projects.modules.none-available')}</p>
          ) : (
            <div className="stramien-create-project__modules" data-testid="create-project-modules">
              {sortedModules.map((m) => (
                <Checkbox
                  key={m.id}
                  label={moduleName(m)}
                  checked={chosen.includes(m.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChosen((ids) => (on ? [...ids, m.id] : ids.filter((id) => id !== m.id)));
                  }}
                />
              ))}
            </div>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('projects.form.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('projects.create.submit')}
                loading={busy}
                data-testid="create-project-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
