export { GuidedTour, GuidedTourCard, type GuidedTourProps } from './GuidedTour';
export {
  useGuidedTour,
  hasSeenTour,
  markTourSeen,
  tourStorageKey,
  type GuidedTour as GuidedTourState,
  type TourStep,
} from './useGuidedTour';
