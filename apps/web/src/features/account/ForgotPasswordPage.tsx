import { Button, Callout, Card, H2, InputGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { accountCalls, type AccountCalls } from './calls';
import { FormField } from '../../shared/forms/FormField';
import './account.css';

/**
 * /forgot — asks for the e-mail address and mails a reset link. The answer is the same whether or not the address
 * has an account, so the screen says so in those words.
 */
export const ForgotPasswordPage = ({ calls = accountCalls }: { calls?: AccountCalls }) => {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const send = useMutation({ mutationFn: (address: string) => calls.forgot(address) });
  const missing = email.trim() === '';

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-account__card" elevation={2}>
        <H2>{t('account.forgot.title')}</H2>
        {send.isSuccess ? (
          <Callout intent="success" role="status" data-testid="forgot-sent">
            {t('account.forgot.sent')}
          </Callout>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (!missing) send.mutate(email.trim());
            }}
          >
            <p>{t('account.forgot.intro')}</p>
            <FormField
              required
              id="forgot-email"
              label={t('account.form.email')}
              error={touched && missing ? t('account.validation.required') : undefined}
            >
              <InputGroup
                id="forgot-email"
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                size="large"
                value={email}
                intent={touched && missing ? 'danger' : 'none'}
                onValueChange={setEmail}
              />
            </FormField>
            {send.isError && (
              <Callout intent="danger" role="alert" className="stramien-account__error">
                {serverMessage(send.error) ?? t('account.form.failed')}
              </Callout>
            )}
            <Button type="submit" intent="primary" size="large" fill loading={send.isPending} text={t('account.forgot.submit')} />
          </form>
        )}
        <p className="stramien-account__back">
          <Link to="/login">{t('account.form.back-to-login')}</Link>
        </p>
      </Card>
    </div>
  );
};
