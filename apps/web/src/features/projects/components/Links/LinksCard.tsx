import { Alert, AnchorButton, Button, Card, H5, NonIdealState } from '@blueprintjs/core';
import { EditIcon, LinkIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import type { ExternalLink, Project } from '@stramien/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textColourOn } from '../../../../app/theme';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { projectCalls, projectKeys } from '../../queries';
import { LinkDialog, type LinkValues } from './LinkDialog';
import { serverText } from '../../../../shared/serverText';

export interface LinksCardProps {
  project: Project;
  canCreate: boolean;
  canUpdate: boolean;
}

/** The project's external links (project admins load them), with create, edit and delete. */
export const LinksCard = ({ project, canCreate, canUpdate }: LinksCardProps) => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ExternalLink | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ExternalLink | null>(null);
  const links = project.external_links ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
  const done = (message: string) => {
    showToast({ intent: 'success', message: serverText(message) });
    void refresh();
  };

  const save = async (values: LinkValues) => {
    const res = editing ? await projectCalls.updateLink(project.id, editing.id, values) : await projectCalls.createLink(project.id, values);
    setEditing(null);
    setCreating(false);
    done(res.message);
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      const res = await projectCalls.deleteLink(project.id, deleting.id);
      done(res.message);
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.links.failed') });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card className="stramien-links" data-testid="project-links">
      <div className="stramien-card-header">
        <H5>
          <LinkIcon /> {t('projects.links.title')}
        </H5>
        {canCreate && (
          <Button
            variant="minimal"
            icon={<PlusIcon />}
            text={t('projects.links.add')}
            data-testid="link-add"
            onClick={() => setCreating(true)}
          />
        )}
      </div>
      {links.length === 0 ? (
        <NonIdealState className="stramien-compact-empty" description={t('projects.links.empty')} />
      ) : (
        <ul className="stramien-links__list">
          {links.map((link) => {
            const colour = link.color ?? undefined;
            return (
              <li key={link.id}>
                <AnchorButton
                  href={link.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="stramien-links__link"
                  style={colour ? { background: colour, color: textColourOn(colour) } : undefined}
                  text={link.name}
                  data-testid="project-link"
                />
                {canUpdate && (
                  <>
                    <Button variant="minimal" icon={<EditIcon />} aria-label={t('projects.links.edit')} onClick={() => setEditing(link)} />
                    <Button
                      variant="minimal"
                      icon={<TrashIcon />}
                      aria-label={t('projects.links.delete')}
                      onClick={() => setDeleting(link)}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LinkDialog
        isOpen={creating || editing !== null}
        link={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSubmit={save}
      />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('projects.links.delete')}
        cancelButtonText={t('projects.form.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        {t('projects.links.delete-confirm', { name: deleting?.name ?? '' })}
      </Alert>
    </Card>
  );
};
