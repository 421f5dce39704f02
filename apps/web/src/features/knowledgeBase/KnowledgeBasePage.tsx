import { Card, H3, InputGroup, NonIdealState } from '@blueprintjs/core';
import { BookIcon, SearchIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../shared/QueryState';
import { articlesQuery } from './queries';
import { useInterfaceLanguage } from './useInterfaceLanguage';
import './knowledgeBase.css';

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 250;

/**
 * /knowledge-base (spec 1 §2): the articles in the interface language, with a search over their titles and texts.
 * The search stays in the address (?q=), so a search can be shared and Back returns to it.
 */
export const KnowledgeBasePage = () => {
  const { t } = useTranslation('knowledgeBase');
  const language = useInterfaceLanguage();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== search) setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  const articles = useQuery(articlesQuery(language, search));

  return (
    <div className="stramien-page stramien-kb" data-testid="knowledge-base">
      <H3>{t('knowledgeBase.page.title')}</H3>
      <p className="bp6-text-muted">{t('knowledgeBase.page.intro')}</p>
      <InputGroup
        type="search"
        large
        leftIcon={<SearchIcon />}
        placeholder={t('knowledgeBase.search.placeholder')}
        aria-label={t('knowledgeBase.search.label')}
        value={typed}
        maxLength={200}
        onValueChange={setTyped}
        data-testid="knowledge-base-search"
        className="stramien-kb__search"
      />
      <QueryState
        query={articles}
        errorTitle={t('knowledgeBase.list.load-failed')}
        errorIcon={<BookIcon size={32} />}
        empty={
          <NonIdealState
            icon={<BookIcon size={32} />}
            title={t('knowledgeBase.list.empty-title')}
            description={search ? t('knowledgeBase.list.empty-search', { search }) : t('knowledgeBase.list.empty-none')}
          />
        }
      >
        {(rows) => (
          <ul className="stramien-kb__list" aria-label={t('knowledgeBase.page.title')}>
            {rows.map((article) => (
              <li key={article.id}>
                <Card interactive compact className="stramien-kb__entry">
                  <Link to={`/knowledge-base/${article.id}`} className="stramien-kb__link" data-testid="knowledge-base-article">
                    {article.title}
                  </Link>
                  <p className="bp6-text-muted stramien-kb__excerpt">{article.excerpt}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
};
