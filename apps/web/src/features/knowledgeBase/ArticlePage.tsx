import { Breadcrumbs, Card, H2, NonIdealState } from '@blueprintjs/core';
import { ApiError } from '@stramien/api';
import { BookIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDateFormat } from '../../shared/dates';
import { Markdown } from '../../shared/Markdown';
import { QueryState } from '../../shared/QueryState';
import { articleQuery } from './queries';
import { useInterfaceLanguage } from './useInterfaceLanguage';
import './knowledgeBase.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /knowledge-base/:itemId (spec 1 §2): one article in the interface language, its markdown rendered safely. */
export const ArticlePage = () => {
  const { t } = useTranslation('knowledgeBase');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const language = useInterfaceLanguage();
  const id = useParams().itemId ?? '';
  // an id that cannot be an article's is not asked for: it is simply not found
  const article = useQuery({ ...articleQuery(id, language), enabled: UUID.test(id) });
  const missing = !UUID.test(id) || (article.error instanceof ApiError && article.error.status === 404);

  return (
    <div className="stramien-page stramien-kb" data-testid="knowledge-base-item">
      <Breadcrumbs
        items={[
          { text: t('knowledgeBase.page.title'), icon: <BookIcon />, onClick: () => void navigate('/knowledge-base') },
          ...(article.data ? [{ text: article.data.title }] : []),
        ]}
      />
      {missing ? (
        <NonIdealState
          icon={<BookIcon size={32} />}
          title={t('knowledgeBase.article.not-found')}
          action={<Link to="/knowledge-base">{t('knowledgeBase.article.back')}</Link>}
        />
      ) : (
        <QueryState query={article} errorTitle={t('knowledgeBase.article.load-failed')} errorIcon={<BookIcon size={32} />}>
          {(data) => (
            <Card className="stramien-kb__article">
              <H2>{data.title}</H2>
              <p className="bp6-text-muted">{t('knowledgeBase.article.updated', { date: dates.date(data.updated_at) })}</p>
              <Markdown>{data.body}</Markdown>
            </Card>
          )}
        </QueryState>
      )}
    </div>
  );
};
