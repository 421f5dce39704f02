import { Button, Callout, Card, Checkbox, H2, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { ApiError } from '@stramien/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { queryClient } from '../../shared/queryClient';
import { showToast } from '../../shared/toaster';
import { clearToken } from '../identity/session/tokenStorage';
import { accountCalls, type AccountCalls } from './calls';
import { PasswordField } from '../../shared/forms/PasswordField';
import { FormField } from '../../shared/forms/FormField';
import { newPasswordErrors, serverFieldError, translateMessage } from './passwordForm';
import './account.css';
import { invitationQuery } from './queries';

/** /invite/{token} — the invitee chooses their name and password; then Login (accepting does not sign in). */
export const AcceptInvitationPage = ({ calls = accountCalls }: { calls?: AccountCalls }) => {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const details = useQuery(invitationQuery(token, calls));

  if (details.isPending) {
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }
  if (details.isError) {
    const message = serverMessage(details.error);
    return (
      <div className="stramien-page stramien-page--centered">
        <NonIdealState
          icon={<EnvelopeIcon size={48} />}
          title={t('account.invite.title')}
          description={message ? translateMessage(t, message) : t('account.form.failed')}
          action={<Link to="/login">{t('account.form.back-to-login')}</Link>}
        />
      </div>
    );
  }
  return <AcceptForm calls={calls} token={token} invitation={details.data} />;
};

const AcceptForm = ({
  calls,
  token,
  invitation,
}: {
  calls: AccountCalls;
  token: string;
  invitation: Awaited<ReturnType<AccountCalls['invitation']>>;
}) => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [firstname, setFirstname] = useState(invitation.firstname);
  const [lastname, setLastname] = useState(invitation.lastname);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setFirstname(invitation.firstname);
    setLastname(invitation.lastname);
  }, [invitation]);

  const accept = useMutation({
    mutationFn: () =>
      calls.accept({ token, password, password_confirmation: confirmation, firstname: firstname.trim(), lastname: lastname.trim() }),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
      showToast({ intent: 'success', message: t('account.invite.accepted') });
      void navigate('/login', { replace: true });
    },
  });

  const local = newPasswordErrors(t, { password, confirmation });
  const required = (value: string) => (value.trim() === '' ? t('account.validation.required') : undefined);
  const serverErrors = accept.error instanceof ApiError ? accept.error.errors : undefined;
  const show = (message: string | undefined) => (submitted ? message : undefined);
  const errors = {
    firstname: show(required(firstname)) ?? serverFieldError(t, serverErrors, 'firstname'),
    lastname: show(required(lastname)) ?? serverFieldError(t, serverErrors, 'lastname'),
    password: show(local.password) ?? serverFieldError(t, serverErrors, 'password'),
    confirmation: show(local.confirmation) ?? serverFieldError(t, serverErrors, 'password_confirmation'),
  };
  const failure = accept.isError && !serverErrors ? (serverMessage(accept.error) ?? t('account.form.failed')) : null;
  const valid = !required(firstname) && !required(lastname) && !local.password && !local.confirmation;

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-account__card" elevation={2}>
        <H2>{t('account.invite.title')}</H2>
        <p>{t('account.invite.intro', { licence: invitation.license_name, email: invitation.email })}</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (valid) accept.mutate();
          }}
        >
          <FormField required id="invite-firstname" label={t('account.form.firstname')} error={errors.firstname}>
            <InputGroup id="invite-firstname" autoComplete="given-name" value={firstname} onValueChange={setFirstname} />
          </FormField>
          <FormField required id="invite-lastname" label={t('account.form.lastname')} error={errors.lastname}>
            <InputGroup id="invite-lastname" autoComplete="family-name" value={lastname} onValueChange={setLastname} />
          </FormField>
          <PasswordField
            id="invite-password"
            label={t('account.form.password')}
            error={errors.password}
            markInvalid={false}
            autoComplete="new-password"
            value={password}
            visible={visible}
            onChange={setPassword}
            withRules
          />
          <PasswordField
            id="invite-password-confirmation"
            label={t('account.form.repeat-password')}
            error={errors.confirmation}
            markInvalid={false}
            autoComplete="new-password"
            value={confirmation}
            visible={visible}
            onChange={setConfirmation}
          />
          <Checkbox checked={visible} label={t('account.form.show-passwords')} onChange={() => setVisible((v) => !v)} />
          {failure && (
            <Callout intent="danger" role="alert" className="stramien-account__error">
              {translateMessage(t, failure)}
            </Callout>
          )}
          <Button type="submit" intent="primary" size="large" fill loading={accept.isPending} text={t('account.invite.submit')} />
        </form>
      </Card>
    </div>
  );
};
