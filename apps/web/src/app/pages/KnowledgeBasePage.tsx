import { Button, Card, H3, InputGroup, NonIdealState } from '@blueprintjs/core';
import { ArrowLeftIcon, BookIcon, SearchIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * /knowledge-base — articles about working with Stramien (spec 1 §2). The article store arrives later; the
 * page searches nothing yet and says so with the spec's empty states.
 */
export const KnowledgeBasePage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <div className="stramien-page stramien-shell-page" data-testid="knowledge-base-page">
      <H3>{t('common.knowledge.title')}</H3>
      <Card>
        <InputGroup
          leftIcon={<SearchIcon />}
          placeholder={t('common.knowledge.search')}
          aria-label={t('common.knowledge.search')}
          value={search}
          onValueChange={setSearch}
        />
        {search.trim() === '' ? (
          <NonIdealState
            icon={<BookIcon size={48} />}
            title={t('common.empty.nothing-special')}
            description={t('common.knowledge.empty')}
          />
        ) : (
          <NonIdealState icon={<SearchIcon size={48} />} title={t('common.empty.no-options')} />
        )}
      </Card>
    </div>
  );
};

/** /knowledge-base/:itemId — one article; none exist yet. */
export const KnowledgeBaseItemPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="stramien-page stramien-shell-page" data-testid="knowledge-base-item-page">
      <Card>
        <NonIdealState
          icon={<BookIcon size={48} />}
          title={t('common.knowledge.missing')}
          action={<Button icon={<ArrowLeftIcon />} text={t('common.knowledge.back')} onClick={() => void navigate('/knowledge-base')} />}
        />
      </Card>
    </div>
  );
};
