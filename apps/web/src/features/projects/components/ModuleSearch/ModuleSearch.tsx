import { Button, Card, H5, Icon, InputGroup, NonIdealState, SectionCard, type IconName } from '@blueprintjs/core';
import { GridViewIcon, SearchIcon } from '@blueprintjs/icons';
import type { ProjectModule } from '@stramien/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useModuleName } from '../../../../shared/moduleName';
import { CollapsibleSection } from '../../../../shared/CollapsibleSection';
import { ModuleName } from './ModuleName';
import { accessibleModules, groupByCategory } from './moduleGroups';

/** The project overview's module search: the accessible modules, sorted by name, in an accordion per category. */
export const ModuleSearch = ({ modules, slug }: { modules: ProjectModule[]; slug: string }) => {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const moduleName = useModuleName();
  const groups = groupByCategory(accessibleModules(modules, search, moduleName));
  const searching = search.trim() !== '';

  return (
    <Card className="stramien-module-search" data-testid="module-search">
      <H5>
        <GridViewIcon /> {t('projects.modules.title')}
      </H5>
      <InputGroup
        type="search"
        leftIcon={<SearchIcon />}
        placeholder={t('projects.modules.search')}
        aria-label={t('projects.modules.search')}
        value={search}
        onValueChange={setSearch}
      />
      {groups.length === 0 ? (
        <NonIdealState className="stramien-compact-empty" description={t('projects.empty.no-options')} />
      ) : (
        groups.map((group) => (
          <CollapsibleSection
            key={`${group.category}-${searching ? 'open' : 'closed'}`}
            className="stramien-module-search__category"
            compact
            defaultIsOpen={searching || groups.length === 1}
            title={t(`projects.category.${group.category}`)}
            data-testid={`module-category-${group.category}`}
          >
            <SectionCard padded={false}>
              <ul className="stramien-module-search__list">
                {group.modules.map((m) => (
                  <li key={m.id}>
                    <Button
                      variant="minimal"
                      alignText="start"
                      fill
                      icon={<Icon icon={m.icon as IconName} />}
                      data-testid={`module-${m.id}`}
                      onClick={() => void navigate(`/project/${slug}/module/${m.route}`)}
                    >
                      <ModuleName name={moduleName(m)} />
                    </Button>
                  </li>
                ))}
              </ul>
            </SectionCard>
          </CollapsibleSection>
        ))
      )}
    </Card>
  );
};
