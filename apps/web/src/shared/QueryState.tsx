import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from './apiErrors';

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data'> & { refetch?: () => unknown };
  /** shown when the data is empty (an empty list, or whatever `isEmpty` says) */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** the title of the failure; the server's message (when it sent one) is its description */
  errorTitle?: string;
  errorIcon?: ReactElement;
  /** offer 'Try again' on a failure (refetches the query) */
  retry?: boolean;
  children: ReactNode | ((data: T) => ReactNode);
}

/**
 * The one pending / error / empty / data wrapper of the app: a spinner while loading, the failure with the server's
 * message, the empty state, or the data.
 */
export const QueryState = <T,>({ query, empty, isEmpty, errorTitle, errorIcon, retry, children }: QueryStateProps<T>) => {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner size={24} aria-label={t('common.status.loading')} />;
  if (query.isError || query.data === undefined) {
    return (
      <NonIdealState
        icon={errorIcon ?? <ErrorIcon size={32} />}
        title={errorTitle ?? t('common.error.title')}
        description={serverMessage(query.error) ?? undefined}
        action={retry && query.refetch ? <Button text={t('common.action.retry')} onClick={() => void query.refetch?.()} /> : undefined}
      />
    );
  }
  const data = query.data;
  const none = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (empty !== undefined && none) return <>{empty}</>;
  return <>{typeof children === 'function' ? children(data) : children}</>;
};
