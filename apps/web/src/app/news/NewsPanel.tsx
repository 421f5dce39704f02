import { AnchorButton, Button, Card, Drawer, DrawerSize, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { LightbulbIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setSidebarOpen, useSidebarOpen } from '../sidebars/sidebarStore';
import { isUnread, useNews, type NewsItem } from './newsStore';
import { useDateFormat } from '../../shared/dates';
import { LazyMarkdown } from '../../shared/LazyMarkdown';
import { safeUrl } from '../../shared/safeUrl';
import './news.css';

const NewsButton = ({ item }: { item: NewsItem }) => {
  const navigate = useNavigate();
  const url = item.button_url ? safeUrl(item.button_url) : null;
  if (!url) return null;
  const text = item.button_title || url;
  // a path of this site opens in the app and closes the panel; an address elsewhere opens in a new tab
  if (url.startsWith('/'))
    return (
      <Button
        intent="primary"
        text={text}
        data-testid="news-button"
        onClick={() => {
          setSidebarOpen('news', false);
          void navigate(url);
        }}
      />
    );
  return <AnchorButton intent="primary" href={url} target="_blank" rel="noopener noreferrer" text={text} data-testid="news-button" />;
};

const NewsCard = ({ item, isNew }: { item: NewsItem; isNew: boolean }) => {
  const { t } = useTranslation('news');
  const dates = useDateFormat();
  const image = item.image ? safeUrl(item.image) : null;
  return (
    <Card className="stramien-news__item" data-testid="news-item" data-unread={isNew || undefined}>
      {image && <img className="stramien-news__image" src={image} alt="" loading="lazy" />}
      <div className="stramien-news__heading">
        <H5>{item.title}</H5>
        {isNew && (
          <Tag intent="primary" round data-testid="news-item-new">
            {t('news.panel.new')}
          </Tag>
        )}
      </div>
      <p className="bp6-text-muted stramien-news__date">{dates.date(item.updated_at)}</p>
      <LazyMarkdown className="stramien-news__description">{item.description}</LazyMarkdown>
      {item.tags.length > 0 && (
        <div className="stramien-news__tags">
          {item.tags.map((tag) => (
            <Tag key={tag} minimal round>
              {tag}
            </Tag>
          ))}
        </div>
      )}
      <NewsButton item={item} />
    </Card>
  );
};

/**
 * The what's-new panel (spec 1 §2, spec 2 §4): opening it marks all news read by storing the current time on the
 * server; critical news (unread and auto_open) opens it by itself (ShellPanels.tsx, which loads this panel). The
 * items that were unread when it opened keep a
 * 'New' tag while it stays open. Empty: 'No updates yet...'.
 */
export const NewsPanel = () => {
  const { t } = useTranslation();
  const open = useSidebarOpen('news');
  const { items, markRead, readAt, loaded } = useNews();
  // the read time as it was when the panel opened: what was new then stays marked while the panel is open
  const [seenUntil, setSeenUntil] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (open) markRead();
  }, [open, markRead]);

  useEffect(() => {
    // the first read time known while open is kept: marking read moves readAt, not what was new at opening
    if (!open) setSeenUntil(undefined);
    else if (loaded) setSeenUntil((current) => (current === undefined ? readAt : current));
  }, [open, loaded, readAt]);

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
          items.map((item) => <NewsCard key={item.id} item={item} isNew={seenUntil !== undefined && isUnread(item, seenUntil)} />)
        )}
      </div>
    </Drawer>
  );
};
