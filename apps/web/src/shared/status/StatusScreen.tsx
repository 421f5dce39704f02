import { Button, NonIdealState } from '@blueprintjs/core';
import { CodeBlockIcon, HomeIcon, LockIcon, SearchIcon } from '@blueprintjs/icons';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface StatusScreenProps {
  icon: ReactElement;
  title: string;
  description?: ReactNode;
  /** where the way back leads; defaults to the dashboard */
  back?: { to: string; text: string };
  testId: string;
}

/** The one full-page state of the shell: not found, not available yet, no access — an icon, a title and a way back. */
export const StatusScreen = ({ icon, title, description, back, testId }: StatusScreenProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = back ?? { to: '/dashboard', text: t('common.error.dashboard') };
  return (
    <div className="stramien-page stramien-status-screen" data-testid={testId}>
      <NonIdealState
        icon={icon}
        title={title}
        description={description}
        action={<Button intent="primary" icon={<HomeIcon />} text={to.text} onClick={() => void navigate(to.to)} />}
      />
    </div>
  );
};

/** An address that leads to no screen (inside the shell). */
export const NotFound = () => {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="not-found"
      icon={<SearchIcon size={48} />}
      title={t('common.not-found.title')}
      description={t('common.not-found.description')}
    />
  );
};

/** A screen of Stramien that is not built yet: says so with the feature's name, in the user's language. */
export const NotAvailable = ({ feature, back }: { feature: string; back?: StatusScreenProps['back'] }) => {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="not-available"
      icon={<CodeBlockIcon size={48} />}
      title={t('common.not-available.title', { feature })}
      description={t('common.not-available.description')}
      back={back}
    />
  );
};

/** Shown instead of a screen the user may not open; `back` leads somewhere the user may go. */
export const NoAccess = ({ title, description, back }: { title?: string; description?: string; back?: StatusScreenProps['back'] }) => {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="no-access"
      icon={<LockIcon size={48} />}
      title={title ?? t('common.no-access.title')}
      description={description ?? t('common.no-access.description')}
      back={back}
    />
  );
};
