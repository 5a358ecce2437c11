import { useMutation } from '@tanstack/react-query';
import { AudioLines, Lock, Mail } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setAuth } from '../../../api/auth-token';
import { ApiError } from '../../../api/client';
import { queryClient } from '../../../app/query-client';
import { Button, DocumentTitle, Field, Input } from '../../../ui';
import { login } from '../api/session-api';
import { paths } from '../../../app/paths';
import { ACCOUNT_MESSAGES, SESSION_MESSAGES } from '../messages';
import './sign-in-page.css';

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429)
      return error.retryAfterSeconds
        ? SESSION_MESSAGES.tooManyAttemptsIn(error.retryAfterSeconds)
        : SESSION_MESSAGES.tooManyAttempts;
    if (error.code === 'account_deactivated') return SESSION_MESSAGES.accountDeactivated;
    return error.message;
  }
  return SESSION_MESSAGES.signInFailed;
}

/** The sign-in page: email and password, then on to where the user was headed. */
export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      queryClient.clear();
      setAuth({ token: result.token, expiresAt: result.expiresAt });
      const next = params.get('next');
      void navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', {
        replace: true,
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <main className="sign-in" data-testid="sign-in-page">
      <DocumentTitle title="Sign in" />
      <div className="sign-in__card">
        <div className="sign-in__brand" aria-hidden="true">
          <AudioLines />
        </div>
        <h1 className="sign-in__title">Sign in to Workspace</h1>
        <p className="sign-in__subtitle">
          Conversations and calls with your customers, in one place.
        </p>
        <form className="sign-in__form" onSubmit={onSubmit} noValidate>
          <Field label="Email">
            {(control) => (
              <Input
                {...control}
                type="email"
                name="email"
                autoComplete="username"
                icon={<Mail aria-hidden="true" />}
                placeholder="you@company.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoFocus
                data-testid="sign-in-email"
              />
            )}
          </Field>
          <Field label="Password">
            {(control) => (
              <Input
                {...control}
                type="password"
                name="password"
                autoComplete="current-password"
                icon={<Lock aria-hidden="true" />}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                data-testid="sign-in-password"
              />
            )}
          </Field>
          {signIn.isError ? (
            <p className="sign-in__error" role="alert" data-testid="sign-in-error">
              {errorText(signIn.error)}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            block
            loading={signIn.isPending}
            disabled={!email || !password}
            data-testid="sign-in-submit"
          >
            Sign in
          </Button>
        </form>
        <p className="sign-in__subtitle">
          <Link to={paths.forgotPassword()} data-testid="forgot-password-link">
            {ACCOUNT_MESSAGES.forgotLink}
          </Link>
        </p>
      </div>
    </main>
  );
}
