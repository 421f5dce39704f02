import { Button, InputGroup, type IconName } from '@blueprintjs/core';
import { ClipboardIcon, CogIcon, GridViewIcon, HomeIcon, SearchIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { truncateModuleName } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useModuleName } from '../../../shared/moduleName';
import { showToast } from '../../../shared/toaster';
import { useMenuParts } from '../../../shared/useMenuParts';
import { useSession } from '../../identity/session/useSession';
import { useProjectCan } from '../permissions';
import { projectNavItems } from '../projectNavigation';
import { projectBySlugQuery } from '../queries';
import { accessibleModules } from './ModuleSearch/moduleGroups';

/** Copies the project id and says so (spec §8 'Copied project id to clipboard'). */
export const copyProjectId = async (projectId: string, message: string): Promise<void> => {
  await navigator.clipboard.writeText(projectId);
  showToast({ intent: 'success', message });
};

/** The project apps menu of the open project (ProjectAppsMenu.tsx loads this module when a project is open). */
export const ProjectAppsMenuFor = ({ slug }: { slug: string }) => {
  const { licence } = useSession();
  const { data: project } = useQuery({ ...projectBySlugQuery(licence?.id ?? '', slug), enabled: !!licence });
  if (!project) return null;
  return <AppsMenu project={project} />;
};

const AppsMenu = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const { can } = useProjectCan(project);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const moduleName = useModuleName();
  const modules = accessibleModules(project.modules, search, moduleName);
  const apps = projectNavItems(project.slug, can).filter(
    (item) => item.key !== 'settings' && (!needle || t(`projects.nav.${item.key}`).toLowerCase().includes(needle)),
  );
  const settings = can('project-settings');
  const { parts, open, opened } = useMenuParts();

  const button = (
    <Button
      variant="minimal"
      icon={<GridViewIcon />}
      text={t('projects.apps.title')}
      data-testid="project-apps"
      onClick={parts ? undefined : open}
    />
  );
  if (!parts) return button;
  const { Menu, MenuDivider, MenuItem, MenuPopover } = parts;
  /** a titled group of the menu, or the spec's 'No options' line when the search leaves none of it */
  const group = (title: string, items: ReactNode[]) => (
    <>
      <MenuDivider title={title} />
      {items.length === 0 ? <MenuItem disabled text={t('projects.empty.no-options')} /> : items}
    </>
  );

  const menu = (
    <div className="stramien-apps-menu" data-testid="project-apps-menu">
      <InputGroup
        type="search"
        autoFocus
        leftIcon={<SearchIcon />}
        placeholder={t('projects.apps.search')}
        aria-label={t('projects.apps.search')}
        value={search}
        onValueChange={setSearch}
      />
      <Menu>
        {group(
          t('projects.apps.modules'),
          modules.map((m) => (
            <MenuItem
              key={m.id}
              icon={m.icon as IconName}
              text={truncateModuleName(moduleName(m))}
              title={moduleName(m)}
              data-testid={`apps-module-${m.id}`}
              onClick={() => void navigate(`/project/${project.slug}/module/${m.route}`)}
            />
          )),
        )}
        {group(
          t('projects.apps.general'),
          apps.map((item) => (
            <MenuItem
              key={item.key}
              icon={item.icon}
              text={t(`projects.nav.${item.key}`)}
              data-testid={`apps-general-${item.key}`}
              onClick={() => void navigate(item.to)}
            />
          )),
        )}
        <MenuDivider />
        <MenuItem
          icon={<ClipboardIcon />}
          text={t('projects.apps.copy-id')}
          data-testid="apps-copy-id"
          onClick={() => void copyProjectId(project.id, t('projects.apps.copied'))}
        />
        <MenuItem
          icon={<HomeIcon />}
          text={t('projects.apps.home')}
          data-testid="apps-home"
          onClick={() => void navigate(`/project/${project.slug}`)}
        />
        {settings && (
          <MenuItem
            icon={<CogIcon />}
            text={t('projects.nav.settings')}
            data-testid="apps-settings"
            onClick={() => void navigate(`/project/${project.slug}/settings`)}
          />
        )}
      </Menu>
    </div>
  );

  return (
    <MenuPopover content={menu} placement="bottom-start" defaultIsOpen={opened}>
      {button}
    </MenuPopover>
  );
};
