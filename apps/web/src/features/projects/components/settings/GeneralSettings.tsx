import { Button, Card, FileInput, H5, InputGroup, TextArea } from '@blueprintjs/core';
import type { Project } from '@stramien/api';
import {
  PROJECT_IMAGE_MAX_BYTES,
  PROJECT_IMAGE_TYPES,
  isProjectImageType,
  PROJECT_NUMBER_MAX,
  PROJECT_NAME_MAX,
  PROJECT_DESCRIPTION_MAX,
} from '@stramien/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { projectCalls, projectKeys, storeProject } from '../../queries';
import { fieldErrorsOf } from '../fieldErrors';
import { ProjectImage } from '../ProjectImage';
import { FormField } from '../../../../shared/forms/FormField';
import { serverText } from '../../../../shared/serverText';

/** Reads a file as base64 (without the data: prefix). */
export const readAsBase64 = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** General project settings: name, number, description and the project image. */
export const GeneralSettings = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(project.name);
  const [number, setNumber] = useState(project.number);
  const [description, setDescription] = useState(project.description);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    setName(project.name);
    setNumber(project.number);
    setDescription(project.description);
  }, [project.name, project.number, project.description]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('projects.form.required');
    if (!number.trim()) found.number = t('projects.form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await projectCalls.update(project.id, { name: name.trim(), number: number.trim(), description: description.trim() });
      storeProject(queryClient, res.data);
      showToast({ intent: 'success', message: serverText(res.message) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      if (res.data.slug !== project.slug) void navigate(`/project/${res.data.slug}/settings`, { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.settings.failed') });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isProjectImageType(file.type)) {
      showToast({ intent: 'danger', message: t('projects.settings.image-type') });
      return;
    }
    if (file.size > PROJECT_IMAGE_MAX_BYTES) {
      showToast({ intent: 'danger', message: t('projects.settings.image-size', { size: PROJECT_IMAGE_MAX_BYTES / 1024 / 1024 }) });
      return;
    }
    setUploading(true);
    try {
      const res = await projectCalls.uploadImage(project.id, { mimeType: file.type, file: await readAsBase64(file) });
      storeProject(queryClient, res.data);
      showToast({ intent: 'success', message: serverText(res.message) });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.settings.failed') });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card className="stramien-settings-card" data-testid="settings-general">
      <H5>{t('projects.settings.general')}</H5>
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormField id="settings-number" label={t('projects.form.number')} required error={errors.number}>
          <InputGroup
            id="settings-number"
            value={number}
            maxLength={PROJECT_NUMBER_MAX}
            intent={errors.number ? 'danger' : 'none'}
            onValueChange={setNumber}
          />
        </FormField>
        <FormField id="settings-name" label={t('projects.form.name')} required error={errors.name}>
          <InputGroup
            id="settings-name"
            value={name}
            maxLength={PROJECT_NAME_MAX}
            intent={errors.name ? 'danger' : 'none'}
            onValueChange={setName}
          />
        </FormField>
        <FormField label={t('projects.form.description')} id="settings-description">
          <TextArea
            id="settings-description"
            fill
            maxLength={PROJECT_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        <Button type="submit" intent="primary" text={t('projects.form.save')} loading={busy} data-testid="settings-save" />
      </form>
      <FormField
        className="stramien-settings-image"
        label={t('projects.settings.image')}
        id="settings-image"
        helper={t('projects.settings.image-hint')}
      >
        <ProjectImage project={project} className="stramien-settings-image__preview" />
        <FileInput
          inputProps={{ id: 'settings-image', accept: PROJECT_IMAGE_TYPES.join(','), 'aria-label': t('projects.settings.image') }}
          text={uploading ? t('common.status.loading', { ns: 'common' }) : t('projects.settings.choose-image')}
          buttonText={t('projects.settings.browse')}
          disabled={uploading}
          onInputChange={(e) => void upload(e.currentTarget.files?.[0])}
        />
      </FormField>
    </Card>
  );
};
