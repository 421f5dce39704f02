import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './lazyPage';

/** Shown when a screen fails to load or render: a chunk load error asks for a reload. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <div className="stramien-page stramien-page--centered">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={t('common.error.title')}
        description={chunk ? t('common.error.chunk') : error instanceof Error ? error.message : undefined}
        action={
          <>
            <Button intent="primary" text={t('common.error.reload')} onClick={() => window.location.reload()} />{' '}
            <Button variant="minimal" text={t('common.error.dashboard')} onClick={() => window.location.assign('/dashboard')} />
          </>
        }
      />
    </div>
  );
};
