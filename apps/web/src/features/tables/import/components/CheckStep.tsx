import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { renderServerMessage } from '../../../../shared/apiErrors';
import { useLoadMoreRows, VirtualRows } from '../../../../shared/VirtualRows';
import type { VerifyAnswer, VerifyError } from '../importCalls';
import { FilePicker } from './FileStep';

const ERROR_ROW_HEIGHT = 32;

/** A cell's message in the user's language: the server sends its key and values next to the English text. */
const messageOf = (error: VerifyError): string =>
  error.key ? renderServerMessage({ key: error.key, values: error.values }, error.message) : error.message;

/**
 * The file's errors, one line per cell: row (as a spreadsheet numbers it), column of the file, value, message. Only
 * the visible lines are in the page; the next page of errors is fetched from the server as the end comes into view.
 */
export const ErrorList = ({
  errors,
  total,
  loadingMore,
  onMore,
}: {
  errors: VerifyError[];
  total: number;
  loadingMore: boolean;
  onMore: () => void;
}) => {
  const { t } = useTranslation('tablesImport');
  const { scroller, virtualizer } = useLoadMoreRows({
    loaded: errors.length,
    hasMore: errors.length < total,
    loadingMore,
    onLoadMore: onMore,
    rowHeight: ERROR_ROW_HEIGHT,
    overscan: 10,
  });

  return (
    <div className="stramien-import__errors" ref={scroller} role="table" aria-label={t('tablesImport.check.errors')} aria-rowcount={total}>
      <div className="stramien-import__error stramien-import__error--head" role="row">
        <span role="columnheader">{t('tablesImport.check.row')}</span>
        <span role="columnheader">{t('tablesImport.check.header')}</span>
        <span role="columnheader">{t('tablesImport.check.value')}</span>
        <span role="columnheader">{t('tablesImport.check.message')}</span>
      </div>
      <VirtualRows
        virtualizer={virtualizer}
        loaded={errors.length}
        moreLabel={t('tablesImport.check.loading-more')}
        moreClassName="stramien-import__error"
      >
        {(index, style) => {
          const error = errors[index]!;
          return (
            <div
              key={`${error.row}:${error.column}`}
              style={style}
              className="stramien-import__error"
              role="row"
              aria-rowindex={index + 1}
              data-testid="import-error"
            >
              <span role="cell">{error.row + 1}</span>
              <span role="cell" title={error.header}>
                {error.header}
              </span>
              <span role="cell" title={error.value}>
                <code>{error.value}</code>
              </span>
              <span role="cell" className="bp6-text-danger" title={messageOf(error)}>
                {messageOf(error)}
              </span>
            </div>
          );
        }}
      </VirtualRows>
    </div>
  );
};

/**
 * Step 4: the server's check of the file with the mapping (nothing written). All rows valid: the import may start.
 * Errors: listed per row and column; the user fixes the file and chooses it again here.
 */
export const CheckStep = ({
  check,
  errors,
  checking,
  loadingMore,
  fileName,
  onMore,
  onFile,
}: {
  check: VerifyAnswer | null;
  errors: VerifyError[];
  checking: boolean;
  loadingMore: boolean;
  fileName?: string;
  onMore: () => void;
  onFile: (file: File) => void;
}) => {
  const { t } = useTranslation('tablesImport');
  if (checking || !check)
    return (
      <div className="stramien-import__busy" data-testid="import-step-check">
        <Spinner size={20} />
        <span>{t('tablesImport.check.checking')}</span>
      </div>
    );
  if (check.total_errors === 0)
    return (
      <div data-testid="import-step-check">
        <Callout intent="success" data-testid="import-valid">
          {t('tablesImport.check.valid', { count: check.rows })}
        </Callout>
      </div>
    );
  return (
    <div data-testid="import-step-check">
      <Callout intent="danger" data-testid="import-invalid">
        {t('tablesImport.check.invalid', { count: check.total_errors })}
      </Callout>
      <ErrorList errors={errors} total={check.total_errors} loadingMore={loadingMore} onMore={onMore} />
      <p className="stramien-import__again">{t('tablesImport.check.choose-again')}</p>
      <FilePicker fileName={fileName} onFile={onFile} compact />
    </div>
  );
};
