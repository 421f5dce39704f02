import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import type { ExternalLink } from '@stramien/api';
import { isHexColour, normaliseHexColour, PROJECT_LINK_NAME_MAX, PROJECT_LINK_URL_MAX, HEX_COLOUR_MAX } from '@stramien/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { fieldErrorsOf } from '../fieldErrors';
import { FormField } from '../../../../shared/forms/FormField';

export interface LinkValues {
  name: string;
  link: string;
  color: string | null;
}

export interface LinkDialogProps {
  isOpen: boolean;
  /** the link to edit; absent to create one */
  link?: ExternalLink | null;
  onClose: () => void;
  /** sends the create or update call; rejects with the ApiError when refused */
  onSubmit: (values: LinkValues) => Promise<void>;
}

/** Create or edit an external link: name and url are required ('Required.'), the colour must be 3 or 6 hex digits. */
export const LinkDialog = ({ isOpen, link, onClose, onSubmit }: LinkDialogProps) => {
  const { t } = useTranslation('projects');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [color, setColor] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setName(link?.name ?? '');
    setUrl(link?.link ?? '');
    setColor(link?.color ?? '');
    setErrors({});
  }, [isOpen, link]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('projects.form.required');
    if (!url.trim()) found.link = t('projects.form.required');
    if (color.trim() && !isHexColour(color)) found.color = t('projects.form.invalid-hex');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), link: url.trim(), color: color.trim() ? normaliseHexColour(color) : null });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.links.failed') });
    } finally {
      setBusy(false);
    }
  };

  const swatch = color.trim() && isHexColour(color) ? normaliseHexColour(color) : '#ffffff';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={link ? t('projects.links.edit-title') : t('projects.links.create-title')}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="link-dialog">
        <DialogBody>
          <FormField id="link-name" label={t('projects.links.name')} required error={errors.name}>
            <InputGroup
              id="link-name"
              aria-label={t('projects.links.name')}
              value={name}
              maxLength={PROJECT_LINK_NAME_MAX}
              intent={errors.name ? 'danger' : 'none'}
              onValueChange={setName}
            />
          </FormField>
          <FormField id="link-url" label={t('projects.links.url')} required error={errors.link}>
            <InputGroup
              id="link-url"
              aria-label={t('projects.links.url')}
              type="url"
              placeholder="https://"
              value={url}
              maxLength={PROJECT_LINK_URL_MAX}
              intent={errors.link ? 'danger' : 'none'}
              onValueChange={setUrl}
            />
          </FormField>
          <FormField label={t('projects.links.color')} id="link-color" error={errors.color}>
            <InputGroup
              id="link-color"
              aria-label={t('projects.links.color')}
              placeholder="#2e8be8"
              value={color}
              maxLength={HEX_COLOUR_MAX}
              intent={errors.color ? 'danger' : 'none'}
              onValueChange={setColor}
              rightElement={
                <input
                  type="color"
                  className="stramien-colour-picker"
                  aria-label={t('projects.links.pick-color')}
                  value={swatch}
                  onChange={(e) => setColor(e.target.value)}
                />
              }
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('projects.form.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('projects.form.save')} loading={busy} data-testid="link-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
