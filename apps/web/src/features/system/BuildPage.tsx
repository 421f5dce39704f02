import { Callout, Card, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { useDateFormat } from '../../shared/dates';
import { buildInfoQuery } from './queries';

/** /build — release number, release date and commit version. */
export const BuildPage = () => {
  const { t } = useTranslation('system');
  const dates = useDateFormat();
  const { data, error } = useQuery(buildInfoQuery());
  return (
    <div className="stramien-page">
      <Card className="stramien-build">
        <H3>{t('system.build.title')}</H3>
        {error ? (
          <Callout intent="danger">{serverMessage(error) ?? t('system.build.error')}</Callout>
        ) : !data ? (
          <Spinner size={24} />
        ) : (
          <HTMLTable compact data-testid="build-information">
            <tbody>
              <tr>
                <th scope="row">{t('system.build.release')}</th>
                <td data-testid="build-release">{data.release}</td>
              </tr>
              <tr>
                <th scope="row">{t('system.build.date')}</th>
                <td data-testid="build-date">{dates.dateTime(data.date) || data.date}</td>
              </tr>
              <tr>
                <th scope="row">{t('system.build.commit')}</th>
                <td data-testid="build-commit">
                  <code>{data.commit}</code>
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
      </Card>
    </div>
  );
};
