import { Button, Card, H3, HTMLTable, NonIdealState, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { DownloadIcon, InboxIcon } from '@blueprintjs/icons';
import type { Download } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../shared/serverText';
import { useDateFormat } from '../../../shared/dates';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { downloadsQuery, isBusy } from '../queries';
import { downloadFile, formatSize } from './downloadFile';
import { ExportTasksButton } from './ExportTasksButton';
import './downloads.css';

const STATE_INTENT: Record<Download['state'], Intent> = {
  requested: 'none',
  running: 'primary',
  finished: 'success',
  failed: 'danger',
  canceled: 'warning',
};

/** /downloads (spec 1 §2): the files the user's background jobs made, with name, size, date, state and progress. */
export const DownloadsPage = () => {
  const { t, i18n } = useTranslation('notifications');
  const dates = useDateFormat();
  const { token } = useSession();
  const query = useQuery(downloadsQuery());

  const fetchFile = (download: Download) =>
    downloadFile(download.id, download.name, token).catch(() =>
      showToast({ intent: 'danger', message: t('notifications.downloads.download-failed') }),
    );

  return (
    <div className="stramien-page">
      <Card className="stramien-downloads" data-testid="downloads-page">
        <div className="stramien-downloads__header">
          <H3>{t('notifications.downloads.title')}</H3>
          <ExportTasksButton />
        </div>
        <QueryState query={query} empty={<NonIdealState icon={<InboxIcon size={32} />} title={t('notifications.downloads.empty')} />}>
          {(downloads) => (
            <HTMLTable compact striped className="stramien-downloads__table" data-testid="downloads-table">
              <thead>
                <tr>
                  <th>{t('notifications.downloads.name')}</th>
                  <th>{t('notifications.downloads.size')}</th>
                  <th>{t('notifications.downloads.date')}</th>
                  <th>{t('notifications.downloads.state')}</th>
                  <th>{t('notifications.downloads.progress')}</th>
                  <th>{t('notifications.downloads.file')}</th>
                </tr>
              </thead>
              <tbody>
                {downloads.map((d) => (
                  <tr key={d.id} data-testid="download-row" data-state={d.state}>
                    <td data-testid="download-name">{d.name}</td>
                    <td>{d.size === null ? '' : formatSize(d.size, i18n.language)}</td>
                    <td>{dates.dateTime(d.finished_at ?? d.created_at)}</td>
                    <td>
                      <Tag minimal intent={STATE_INTENT[d.state]} title={d.reason ? serverText(d.reason) : undefined}>
                        {t(`notifications.download-state.${d.state}`)}
                      </Tag>
                    </td>
                    <td className="stramien-downloads__progress">
                      <ProgressBar
                        value={d.progress.percent / 100}
                        animate={isBusy(d)}
                        stripes={isBusy(d)}
                        intent={STATE_INTENT[d.state]}
                        aria-label={t('notifications.downloads.progress-label', { percent: d.progress.percent })}
                      />
                    </td>
                    <td>
                      {d.state === 'finished' && (
                        <Button
                          variant="minimal"
                          icon={<DownloadIcon />}
                          data-testid="download-file"
                          text={t('notifications.downloads.download')}
                          onClick={() => void fetchFile(d)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
    </div>
  );
};
