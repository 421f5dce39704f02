import { Button, Callout } from '@blueprintjs/core';
import { RotatePageIcon } from '@blueprintjs/icons';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { below } from './breakpoints';

/** Portrait on anything narrower than the lg breakpoint (1280 px, spec §9). */
export const PORTRAIT_QUERY = `(orientation: portrait) and ${below('lg')}`;

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PORTRAIT_QUERY) : null);

const subscribe = (listener: () => void) => {
  const query = media();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** Says the product works best in landscape while a small screen is held in portrait. */
export const PortraitNotice = () => {
  const { t } = useTranslation();
  const portrait = useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);
  if (!portrait || dismissed) return null;
  return (
    <Callout className="stramien-portrait" intent="warning" icon={<RotatePageIcon />} title={t('common.portrait.title')} role="status">
      {t('common.portrait.message')}{' '}
      <Button variant="minimal" size="small" text={t('common.portrait.dismiss')} onClick={() => setDismissed(true)} />
    </Callout>
  );
};
