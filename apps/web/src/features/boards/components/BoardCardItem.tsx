import { Card, Tag } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { BoardCard, Label } from '@stramien/api';
import { useTranslation } from 'react-i18next';

const PRIORITY_INTENT = { low: 'none', normal: 'primary', high: 'warning', urgent: 'danger' } as const;

/** A task's card: number, title, priority, status, due date and labels; dragged with the pointer or the keyboard. */
export const BoardCardItem = ({ card, labels }: { card: BoardCard; labels: Map<string, Label> }) => {
  const { t, i18n } = useTranslation('boards');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id });
  const style = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 };
  return (
    <div ref={setNodeRef} style={style} {...attributes} {...listeners} data-testid="board-card" data-task-id={card.id}>
      <Card className="stramien-board__card" compact interactive>
        <div className="stramien-board__card-title">
          <span className="stramien-board__card-number">#{card.number}</span> {card.title}
          {card.is_private ? <LockIcon className="stramien-board__card-private" title={t('boards.card.private')} size={12} /> : null}
        </div>
        <div className="stramien-board__card-tags">
          <Tag minimal intent={PRIORITY_INTENT[card.priority]}>
            {t(`boards.priority.${card.priority}`)}
          </Tag>
          <Tag minimal data-testid="board-card-status">
            {t(`boards.status.${card.status}`)}
          </Tag>
          {card.due ? <Tag minimal>{t('boards.card.due', { date: new Date(card.due).toLocaleDateString(i18n.language) })}</Tag> : null}
          {card.labels.flatMap((id) => {
            const label = labels.get(id);
            return label
              ? [
                  <Tag key={id} minimal style={{ borderLeft: `4px solid ${label.color}` }}>
                    {label.title}
                  </Tag>,
                ]
              : [];
          })}
        </div>
      </Card>
    </div>
  );
};
