import { Button, Card, H2, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { primaryColour } from '../../app/theme';
import { queryClient } from '../../shared/queryClient';
import { safeRedirect, withRedirect } from '../../shared/redirect';
import { currentUserQuery, identityKeys } from './session/queries';
import { clearToken, storeLicenceId } from './session/tokenStorage';
import { useAccessToken, useChosenLicenceId } from './session/useSession';

/** /licenses — pick the licence (environment) to work in. */
export const LicencesPage = () => {
  const token = useAccessToken();
  const location = useLocation();
  if (!token) return <Navigate to={withRedirect('/login', `${location.pathname}${location.search}`)} replace />;
  return <LicencePicker />;
};

const LicencePicker = () => {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const chosenId = useChosenLicenceId();
  const { data: user, error } = useQuery(currentUserQuery());

  if (error) return <Navigate to={withRedirect('/login', '/licenses')} replace />;
  if (!user) {
    return (
      <div className="stramien-page stramien-page--centered">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }

  const choose = (licenceId: string) => {
    if (licenceId !== chosenId) {
      // data of another licence must not show: keep only the user
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== identityKeys.all[0] });
    }
    storeLicenceId(licenceId);
    void navigate(redirect ?? '/dashboard', { replace: true });
  };

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-licences" elevation={2}>
        <H2>{t('identity.licences.title')}</H2>
        {user.licenses.length === 0 ? (
          <NonIdealState title={t('identity.licences.none')} />
        ) : (
          <>
            <p data-testid="licence-count">{t('identity.licences.subtitle', { count: user.licenses.length })}</p>
            <ul className="stramien-licences__list" data-testid="licence-list">
              {user.licenses.map((licence) => (
                <li key={licence.id}>
                  <Button
                    fill
                    size="large"
                    alignText="start"
                    variant={licence.id === chosenId ? 'solid' : 'outlined'}
                    data-testid={`licence-${licence.id}`}
                    onClick={() => choose(licence.id)}
                    icon={
                      <span
                        className="stramien-licences__swatch"
                        style={{ background: primaryColour(licence.theme.primary) }}
                        aria-hidden="true"
                      />
                    }
                    endIcon={
                      <span className="stramien-licences__tags">
                        {licence.id === chosenId && <Tag minimal>{t('identity.licences.current')}</Tag>}
                        {licence.is_admin && <Tag minimal>{t('identity.licences.admin')}</Tag>}
                      </span>
                    }
                    text={licence.name}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <Button
          variant="minimal"
          text={t('identity.licences.other-account')}
          onClick={() => {
            clearToken();
            queryClient.clear();
            void navigate('/login', { replace: true });
          }}
        />
      </Card>
    </div>
  );
};
