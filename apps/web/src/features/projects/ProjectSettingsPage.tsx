import { Button, H3, Tab, Tabs } from '@blueprintjs/core';
import { ArrowLeftIcon, PeopleIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GeneralSettings } from './components/settings/GeneralSettings';
import { MembersSettings } from './components/settings/MembersSettings';
import { ModulesSettings } from './components/settings/ModulesSettings';
import { useProject } from './ProjectLayout';
import { useProjectCan } from './permissions';
import { NoAccess } from '../../shared/status/StatusScreen';

type SettingsTab = 'general' | 'members' | 'modules';

/** /project/:slug/settings — general fields and image, members and roles, modules; teams live at settings/teams. */
export const ProjectSettingsPage = () => {
  const { t } = useTranslation('projects');
  const project = useProject();
  const { can } = useProjectCan(project);
  const navigate = useNavigate();
  const [tab, setTab] = useState<SettingsTab>('general');

  if (!can('project-settings')) {
    return (
      <NoAccess description={t('projects.settings.forbidden')} back={{ to: `/project/${project.slug}`, text: t('projects.apps.home') }} />
    );
  }
  return (
    <div className="stramien-page stramien-project-settings" data-testid="project-settings">
      <div className="stramien-project-settings__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('projects.apps.home')}
          onClick={() => void navigate(`/project/${project.slug}`)}
        />
        <H3>
          {t('projects.settings.title')} — {project.number} {project.name}
        </H3>
        <Button
          variant="outlined"
          icon={<PeopleIcon />}
          text={t('projects.settings.teams')}
          onClick={() => void navigate(`/project/${project.slug}/settings/teams`)}
        />
      </div>
      <Tabs id="project-settings" selectedTabId={tab} onChange={(id) => setTab(id as SettingsTab)} large>
        <Tab id="general" title={t('projects.settings.general')} panel={<GeneralSettings project={project} />} />
        <Tab id="members" title={t('projects.settings.members-roles')} panel={<MembersSettings project={project} />} />
        <Tab id="modules" title={t('projects.settings.modules')} panel={<ModulesSettings project={project} />} />
      </Tabs>
    </div>
  );
};
