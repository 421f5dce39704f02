import { useCallback, useEffect, useState } from 'react';

/** One step of a guided tour: what to say, and optionally which element to point at (a CSS selector). */
export interface TourStep {
  title: string;
  content: string;
  target?: string;
}

/** A tour is shown once per browser: finishing or skipping stores 'seen' under this key + its id. */
export const TOUR_STORAGE_PREFIX = 'stramien.tour.';
export const tourStorageKey = (id: string): string => `${TOUR_STORAGE_PREFIX}${id}`;

export const hasSeenTour = (id: string): boolean => {
  try {
    return localStorage.getItem(tourStorageKey(id)) === 'seen';
  } catch {
    return true;
  }
};

export const markTourSeen = (id: string): void => {
  try {
    localStorage.setItem(tourStorageKey(id), 'seen');
  } catch {
    // storage unavailable: the tour shows again next time
  }
};

export interface GuidedTour {
  active: boolean;
  index: number;
  step: TourStep | null;
  total: number;
  next: () => void;
  back: () => void;
  /** ends the tour (finished or skipped) and remembers it */
  close: () => void;
  /** shows the tour again from the start */
  restart: () => void;
}

/**
 * The state of a guided tour shown once (spec 1 §1: the dashboard, the project dashboard, the 4D player).
 * Starts by itself when this browser has not seen the tour `id`; ending it on any step marks it seen.
 */
export const useGuidedTour = (id: string, steps: readonly TourStep[]): GuidedTour => {
  const [active, setActive] = useState(() => steps.length > 0 && !hasSeenTour(id));
  const [index, setIndex] = useState(0);

  useEffect(() => {
    setIndex(0);
    setActive(steps.length > 0 && !hasSeenTour(id));
    // a new tour id starts over; the steps of one id are fixed
  }, [id]);

  const close = useCallback(() => {
    markTourSeen(id);
    setActive(false);
  }, [id]);
  const next = useCallback(() => {
    if (index >= steps.length - 1) close();
    else setIndex(index + 1);
  }, [index, steps.length, close]);
  const back = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);
  const restart = useCallback(() => {
    setIndex(0);
    setActive(steps.length > 0);
  }, [steps.length]);

  const step = active ? (steps[Math.min(index, steps.length - 1)] ?? null) : null;
  return { active: active && step !== null, index, step, total: steps.length, next, back, close, restart };
};
