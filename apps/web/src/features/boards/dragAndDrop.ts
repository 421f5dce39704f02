import type { BoardLaneCards } from '@stramien/api';

/** Droppable ids of lanes; card ids are task ids (uuids), so the two never clash. */
export const LANE_DROP_PREFIX = 'lane:';
export const laneDropId = (laneId: string): string => `${LANE_DROP_PREFIX}${laneId}`;

export interface DropTarget {
  laneId: string;
  index: number;
}

/**
 * Where a dragged card lands: on another card, at that card's place in its lane; on a lane's empty space, at the end
 * of the lane. Null when nothing changes (dropped outside, or on its own place).
 */
export const dropTarget = (lanes: BoardLaneCards[], taskId: string, overId: string | null): DropTarget | null => {
  if (overId === null) return null;
  const from = lanes.find((l) => l.cards.some((c) => c.id === taskId));
  let target: DropTarget | null = null;
  if (overId.startsWith(LANE_DROP_PREFIX)) {
    const lane = lanes.find((l) => l.lane_id === overId.slice(LANE_DROP_PREFIX.length));
    if (lane) target = { laneId: lane.lane_id, index: lane.cards.filter((c) => c.id !== taskId).length };
  } else {
    const lane = lanes.find((l) => l.cards.some((c) => c.id === overId));
    if (lane) target = { laneId: lane.lane_id, index: lane.cards.findIndex((c) => c.id === overId) };
  }
  if (!target) return null;
  const fromIndex = from?.cards.findIndex((c) => c.id === taskId) ?? -1;
  return from?.lane_id === target.laneId && fromIndex === target.index ? null : target;
};

/** The lanes after a card moved to `target` (the optimistic picture until the server answers). */
export const moveCardLocally = (lanes: BoardLaneCards[], taskId: string, target: DropTarget): BoardLaneCards[] => {
  const card = lanes.flatMap((l) => l.cards).find((c) => c.id === taskId);
  if (!card) return lanes;
  return lanes.map((lane) => {
    const had = lane.cards.some((c) => c.id === taskId);
    const cards = lane.cards.filter((c) => c.id !== taskId);
    if (lane.lane_id === target.laneId) cards.splice(Math.min(target.index, cards.length), 0, card);
    const total = lane.total + (lane.lane_id === target.laneId ? 1 : 0) - (had ? 1 : 0);
    return { ...lane, cards, total };
  });
};
