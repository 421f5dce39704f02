import { Button, ButtonGroup, Card, H5 } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuidedTour, type GuidedTour as Tour, type TourStep } from './useGuidedTour';

const HIGHLIGHT = 'stramien-tour__target';

/** Puts an outline on the step's target element while the step shows. */
const useHighlight = (selector: string | undefined) => {
  useEffect(() => {
    if (!selector) return;
    const element = document.querySelector(selector);
    element?.classList.add(HIGHLIGHT);
    return () => element?.classList.remove(HIGHLIGHT);
  }, [selector]);
};

/** The card of a running tour: never modal, so the page stays usable underneath. */
export const GuidedTourCard = ({ tour, label }: { tour: Tour; label: string }) => {
  const { t } = useTranslation();
  useHighlight(tour.step?.target);
  if (!tour.active || !tour.step) return null;
  const last = tour.index === tour.total - 1;
  return (
    <Card className="stramien-tour" elevation={3} role="dialog" aria-modal="false" aria-label={label} data-testid="guided-tour">
      <div className="stramien-tour__header">
        <H5 data-testid="guided-tour-title">{tour.step.title}</H5>
        <Button variant="minimal" size="small" icon={<CrossIcon />} aria-label={t('common.tour.skip')} onClick={tour.close} />
      </div>
      <p>{tour.step.content}</p>
      <div className="stramien-tour__footer">
        <span className="bp6-text-muted" data-testid="guided-tour-progress">
          {t('common.tour.progress', { current: tour.index + 1, total: tour.total })}
        </span>
        <ButtonGroup>
          {tour.index > 0 && <Button text={t('common.tour.back')} onClick={tour.back} />}
          {!last && <Button variant="minimal" text={t('common.tour.skip')} data-testid="guided-tour-skip" onClick={tour.close} />}
          <Button
            intent="primary"
            text={last ? t('common.tour.done') : t('common.tour.next')}
            data-testid={last ? 'guided-tour-done' : 'guided-tour-next'}
            onClick={tour.next}
          />
        </ButtonGroup>
      </div>
    </Card>
  );
};

export interface GuidedTourProps {
  /** what 'seen' is stored under, e.g. 'dashboard' or 'project-dashboard' */
  id: string;
  steps: readonly TourStep[];
  /** accessible name of the tour card */
  label?: string;
}

/** A guided tour shown once per browser: mount it on the page it explains. */
export const GuidedTour = ({ id, steps, label }: GuidedTourProps) => {
  const { t } = useTranslation();
  const tour = useGuidedTour(id, steps);
  return <GuidedTourCard tour={tour} label={label ?? t('common.tour.label')} />;
};
