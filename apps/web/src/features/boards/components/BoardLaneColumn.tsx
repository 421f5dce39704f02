import { Button, H5, Tag } from '@blueprintjs/core';
import { CogIcon } from '@blueprintjs/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { BoardLaneCards, BoardLaneView, Label } from '@stramien/api';
import { useTranslation } from 'react-i18next';
import { laneDropId } from '../dragAndDrop';
import { BoardCardItem } from './BoardCardItem';
import { useRuleText } from './useRuleText';

/** One lane: its name and rule, and its cards in order; the whole column takes drops. */
export const BoardLaneColumn = ({
  lane,
  cards,
  labels,
  people,
  onEdit,
}: {
  lane: BoardLaneView;
  cards: BoardLaneCards | undefined;
  labels: Map<string, Label>;
  people: Map<string, string>;
  onEdit: () => void;
}) => {
  const { t } = useTranslation('boards');
  const ruleText = useRuleText(labels, people);
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.id) });
  const list = cards?.cards ?? [];
  const hidden = (cards?.total ?? 0) - list.length;
  return (
    <section
      ref={setNodeRef}
      className={`stramien-board__lane${isOver ? ' stramien-board__lane--over' : ''}`}
      aria-label={lane.name}
      data-testid="board-lane"
      data-lane-id={lane.id}
    >
      <header className="stramien-board__lane-header">
        <div>
          <H5 className="stramien-board__lane-name">
            {lane.name}{' '}
            <Tag round minimal>
              {cards?.total ?? 0}
            </Tag>
          </H5>
          <div className="stramien-board__lane-rule">{ruleText(lane.rule)}</div>
        </div>
        <Button variant="minimal" icon={<CogIcon />} aria-label={t('boards.lane.edit', { name: lane.name })} onClick={onEdit} />
      </header>
      <SortableContext items={list.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <div className="stramien-board__cards">
          {list.length === 0 ? <p className="stramien-board__lane-empty">{t('boards.lane.empty')}</p> : null}
          {list.map((card) => (
            <BoardCardItem key={card.id} card={card} labels={labels} />
          ))}
          {hidden > 0 ? <p className="stramien-board__lane-empty">{t('boards.lane.more', { count: hidden })}</p> : null}
        </div>
      </SortableContext>
    </section>
  );
};
