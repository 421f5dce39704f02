import { AnchorButton, Card, Drawer, DrawerSize, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { LightbulbIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setSidebarOpen, useSidebarOpen } from '../sidebars/sidebarStore';
import { useNews } from './newsStore';
import { useDateFormat } from '../../shared/dates';

/**
 * The what's-new panel (spec 1 §2, spec 2 §4): opening it marks all news read by storing the current time;
 * critical news (unread and auto_open) opens it by itself. Empty: 'No updates yet...'.
 */
export const NewsPanel = () => {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const open = useSidebarOpen('news');
  const { items, critical, markRead } = useNews();

  useEffect(() => {
    if (critical) setSidebarOpen('news', true);
  }, [critical]);

  useEffect(() => {
    if (open) markRead();
  }, [open, markRead]);

  return (
    <Drawer
      isOpen={open}
      onClose={() => setSidebarOpen('news', false)}
      title={t('common.news.title')}
      icon={<LightbulbIcon />}
      size={DrawerSize.SMALL}
      className="stramien-news"
    >
      <div className="stramien-news__body" data-testid="news-panel">
        {items.length === 0 ? (
          <NonIdealState icon={<LightbulbIcon size={32} />} title={t('common.news.empty')} />
        ) : (
          items.map((item) => (
            <Card key={`${item.title}-${item.updated_at}`} className="stramien-news__item">
              <H5>{item.title}</H5>
              <p className="bp6-text-muted">{dates.date(item.updated_at)}</p>
              <p className="stramien-news__description">{item.description}</p>
              {item.tags.map((tag) => (
                <Tag key={tag} minimal>
                  {tag}
                </Tag>
              ))}
              {item.button_url && (
                <AnchorButton
                  href={item.button_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  text={item.button_title ?? item.button_url}
                />
              )}
            </Card>
          ))
        )}
      </div>
    </Drawer>
  );
};
