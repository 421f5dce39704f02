import { Button, Card, H2, H4, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { EnvelopeIcon, RefreshIcon } from '@blueprintjs/icons';
import type { DevMail } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { withRedirect } from '../../shared/redirect';
import { useAccessToken } from '../identity/session/useSession';
import './account.css';
import { useDateFormat } from '../../shared/dates';
import { devMailQuery } from './queries';

/**
 * /dev/mail — the e-mails the embedded mail adapter kept (no SMTP configured), for system admins: reset links and
 * invitations can be followed without a mail server. Outside the shell, but it needs a system admin's token.
 */
export const DevMailPage = ({ load }: { load?: () => Promise<{ data: DevMail[] }> }) => {
  const token = useAccessToken();
  const location = useLocation();
  if (!token) return <Navigate to={withRedirect('/login', `${location.pathname}${location.search}`)} replace />;
  return <Outbox load={load} />;
};

const Outbox = ({ load }: { load?: (() => Promise<{ data: DevMail[] }>) | undefined }) => {
  const { t } = useTranslation('account');
  const dates = useDateFormat();
  const mails = useQuery({ ...devMailQuery(), ...(load ? { queryFn: () => load() } : {}) });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (mails.isPending) {
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }
  if (mails.isError) {
    return (
      <div className="stramien-page stramien-page--centered">
        <NonIdealState
          icon={<EnvelopeIcon size={48} />}
          title={t('account.dev-mail.title')}
          description={serverMessage(mails.error) ?? t('account.form.failed')}
        />
      </div>
    );
  }
  const list = mails.data.data;
  const selected = list.find((m) => m.id === selectedId) ?? list[0] ?? null;
  return (
    <div className="stramien-page stramien-devmail">
      <Card className="stramien-devmail__list">
        <H2>
          {t('account.dev-mail.title')}{' '}
          <Button variant="minimal" icon={<RefreshIcon />} aria-label={t('account.dev-mail.reload')} onClick={() => void mails.refetch()} />
        </H2>
        <p className="bp6-text-muted">{t('account.dev-mail.intro')}</p>
        {list.length === 0 ? (
          <NonIdealState icon={<EnvelopeIcon size={32} />} title={t('account.dev-mail.empty')} />
        ) : (
          <ul className="bp6-list-unstyled" data-testid="dev-mail-list">
            {list.map((m) => (
              <li key={m.id}>
                <Button
                  fill
                  alignText="start"
                  variant={m.id === selected?.id ? 'solid' : 'minimal'}
                  data-testid="dev-mail-item"
                  onClick={() => setSelectedId(m.id)}
                >
                  <strong>{m.subject}</strong>
                  <br />
                  <small>
                    {m.to} · {dates.dateTime(m.sentAt)}
                  </small>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {selected && (
        <Card className="stramien-devmail__message" data-testid="dev-mail-message">
          <H4>{selected.subject}</H4>
          <p>
            <Tag minimal>{t('account.dev-mail.from')}</Tag> {selected.from} <Tag minimal>{t('account.dev-mail.to')}</Tag> {selected.to}
          </p>
          <iframe className="stramien-devmail__html" title={selected.subject} sandbox="" srcDoc={selected.html} />
          <pre data-testid="dev-mail-text">{selected.text}</pre>
        </Card>
      )}
    </div>
  );
};
