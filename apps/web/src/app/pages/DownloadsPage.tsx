import { Card, H3, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/**
 * /downloads — the user's generated download files (spec 1 §2). Files come from export jobs ('Export jobs are
 * started. You will find result files on downloads page.'); the list call (GET /downloads) arrives with them,
 * so the page shows the spec's empty state.
 */
export const DownloadsPage = () => {
  const { t } = useTranslation();
  return (
    <div className="stramien-page stramien-shell-page" data-testid="downloads-page">
      <H3>{t('common.downloads.title')}</H3>
      <Card>
        <HTMLTable className="stramien-shell-page__table" compact>
          <thead>
            <tr>
              <th scope="col">{t('common.downloads.file')}</th>
              <th scope="col">{t('common.downloads.created')}</th>
              <th scope="col">{t('common.downloads.status')}</th>
            </tr>
          </thead>
        </HTMLTable>
        <NonIdealState
          icon={<DownloadIcon size={48} />}
          title={t('common.empty.nothing-special')}
          description={t('common.downloads.empty')}
        />
      </Card>
    </div>
  );
};
