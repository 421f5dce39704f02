import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { SBS_CODE_MAX, SBS_LABEL_MAX } from '@stramien/domain';
import type { SbsNodeView } from '@stramien/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';

export interface SbsNodeValues {
  code: string;
  label: string;
  parent_code: string;
}

/** One form for creating and editing an SBS record; the server's field messages show under their fields. */
export const SbsNodeDialog = ({
  node,
  onClose,
  onSave,
}: {
  /** the record to edit; null creates one */
  node: SbsNodeView | null;
  onClose: () => void;
  onSave: (values: SbsNodeValues) => Promise<unknown>;
}) => {
  const { t } = useTranslation('sbs');
  const [values, setValues] = useState<SbsNodeValues>({
    code: node?.code ?? '',
    label: node?.label ?? '',
    parent_code: node?.parent_code ?? '',
  });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const fields = serverFieldErrors(error) ?? {};
  const change = (field: keyof SbsNodeValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSave(values);
      onClose();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const general = error && Object.keys(fields).length === 0 ? serverMessage(error) : null;
  return (
    <Dialog isOpen onClose={onClose} title={node ? t('sbs.form.edit-title', { code: node.code }) : t('sbs.form.create-title')}>
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <FormField id="sbs-code" label={t('sbs.field.code')} required error={fields.code?.[0]}>
            <InputGroup id="sbs-code" value={values.code} maxLength={SBS_CODE_MAX} onValueChange={change('code')} autoFocus />
          </FormField>
          <FormField id="sbs-label" label={t('sbs.field.label')} error={fields.label?.[0]}>
            <InputGroup id="sbs-label" value={values.label} maxLength={SBS_LABEL_MAX} onValueChange={change('label')} />
          </FormField>
          <FormField id="sbs-parent" label={t('sbs.field.parent')} helper={t('sbs.form.parent-help')} error={fields.parent?.[0]}>
            <InputGroup id="sbs-parent" value={values.parent_code} maxLength={SBS_CODE_MAX} onValueChange={change('parent_code')} />
          </FormField>
          {general && (
            <p className="bp6-text-danger" role="alert">
              {general}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('sbs.action.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} text={node ? t('sbs.action.save') : t('sbs.action.create')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
