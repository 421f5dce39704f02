import { MODULE_CATALOGUE } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useModuleName } from '../../shared/moduleName';
import { NotAvailable, NotFound } from '../../shared/status/StatusScreen';
import { useProject } from './ProjectLayout';

/** The project's general apps (spec 2 §2) that are not built yet. */
export type ProjectFeature = 'labels';

const useBackToProject = () => {
  const { t } = useTranslation();
  const project = useProject();
  return { to: `/project/${project.slug}`, text: t('common.not-available.to-project') };
};

/** The page of /project/:slug/<app>/… for an app not built yet: says so, with a way back to the project. */
export const projectFeatureNotAvailable = (feature: ProjectFeature) => {
  const ProjectFeatureNotAvailable = () => {
    const { t } = useTranslation();
    return <NotAvailable feature={t(`common.feature.${feature}`)} back={useBackToProject()} />;
  };
  return ProjectFeatureNotAvailable;
};

/** /project/:slug/module/:route/… — a catalogue module's page (none built yet); an unknown module is not found. */
export const ModulePage = () => {
  const { route } = useParams();
  const name = useModuleName();
  const back = useBackToProject();
  const module = MODULE_CATALOGUE.find((m) => m.route === route);
  return module ? <NotAvailable feature={name(module)} back={back} /> : <NotFound />;
};
