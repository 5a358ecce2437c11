import { useMutation, useQuery } from '@tanstack/react-query';
import { AudioLines, Lock, Mail, User } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { setAuth } from '../../../api/auth-token';
import { queryClient } from '../../../app/query-client';
import { paths } from '../../../app/paths';
import { Button, DocumentTitle, Field, Input } from '../../../ui';
import {
  acceptInvitation,
  invitationPreview,
  requestPasswordReset,
  resetPassword,
} from '../api/account-api';
import { ACCOUNT_MESSAGES as M } from '../messages';
import './sign-in-page.css';
import { errorText } from '../../../lib/error-text';

const PASSWORD_MIN = 8;

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <main className="sign-in" data-testid={testId}>
      <DocumentTitle title={title} />
      <div className="sign-in__card">
        <div className="sign-in__brand" aria-hidden="true">
          <AudioLines />
        </div>
        <h1 className="sign-in__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Signs in with a session the server answered and opens the workspace's inbox. */
function useSignedIn() {
  const navigate = useNavigate();
  return (result: { token: string; expiresAt: string; workspace: { slug: string } | null }) => {
    queryClient.clear();
    setAuth({ token: result.token, expiresAt: result.expiresAt });
    void navigate(result.workspace ? paths.inbox(result.workspace.slug) : '/', { replace: true });
  };
}

function PasswordField(props: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  autoComplete: string;
  testId: string;
}) {
  return (
    <Field
      label={props.label}
      hint={props.autoComplete === 'new-password' ? M.passwordHint : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete={props.autoComplete}
          icon={<Lock aria-hidden="true" />}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          required
          data-testid={props.testId}
        />
      )}
    </Field>
  );
}

/** `/forgot-password`: asks for a reset mail; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const ask = useMutation({ mutationFn: requestPasswordReset });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(email.trim());
  };
  return (
    <Card title={M.forgotTitle} testId="forgot-password-page">
      {ask.isSuccess ? (
        <p className="sign-in__subtitle" role="status" data-testid="forgot-password-sent">
          {M.forgotSent}
        </p>
      ) : (
        <>
          <p className="sign-in__subtitle">{M.forgotIntro}</p>
          <form className="sign-in__form" onSubmit={onSubmit} noValidate>
            <Field label="Email">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="username"
                  icon={<Mail aria-hidden="true" />}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  autoFocus
                  data-testid="forgot-password-email"
                />
              )}
            </Field>
            {ask.isError ? (
              <p className="sign-in__error" role="alert">
                {errorText(ask.error, M.failed)}
              </p>
            ) : null}
            <Button
              type="submit"
              variant="primary"
              size="lg"
              block
              loading={ask.isPending}
              disabled={!email}
              data-testid="forgot-password-submit"
            >
              {M.sendLink}
            </Button>
          </form>
        </>
      )}
      <p className="sign-in__subtitle">
        <Link to={paths.signIn()}>{M.backToSignIn}</Link>
      </p>
    </Card>
  );
}

/** `/reset-password/:token`: sets a new password, which ends every other session. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const signedIn = useSignedIn();
  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
    onSuccess: signedIn,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate();
  };
  return (
    <Card title={M.resetTitle} testId="reset-password-page">
      <form className="sign-in__form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={M.newPassword}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          testId="reset-password-input"
        />
        {reset.isError ? (
          <p className="sign-in__error" role="alert" data-testid="reset-password-error">
            {errorText(reset.error, M.failed)}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          loading={reset.isPending}
          disabled={password.length < PASSWORD_MIN}
          data-testid="reset-password-submit"
        >
          {M.resetSubmit}
        </Button>
      </form>
      <p className="sign-in__subtitle">
        <Link to={paths.forgotPassword()}>{M.forgotLink}</Link>
      </p>
    </Card>
  );
}

/** `/invite/:token`: joins a workspace with a new account (or an existing one's password). */
export function AcceptInvitePage() {
  const { token = '' } = useParams();
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => invitationPreview(token),
    retry: false,
  });
  const [name, setName] = useState<string | undefined>(undefined);
  const [password, setPassword] = useState('');
  const signedIn = useSignedIn();
  const accept = useMutation({
    mutationFn: () =>
      acceptInvitation(
        token,
        preview.data?.existingUser
          ? { password }
          : { name: (name ?? preview.data?.name ?? '').trim(), password },
      ),
    onSuccess: signedIn,
  });

  if (preview.isPending)
    return (
      <Card title="…" testId="invite-page-loading">
        {null}
      </Card>
    );
  if (preview.isError)
    return (
      <Card title={M.linkInvalidTitle} testId="invite-page-invalid">
        <p className="sign-in__error" role="alert" data-testid="invite-error">
          {errorText(preview.error, M.failed)}
        </p>
        <p className="sign-in__subtitle">
          <Link to={paths.signIn()}>{M.backToSignIn}</Link>
        </p>
      </Card>
    );
  const invitation = preview.data;
  const shownName = name ?? invitation.name;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  return (
    <Card title={M.inviteTitle(invitation.workspace.name)} testId="invite-page">
      <p className="sign-in__subtitle">
        {M.inviteIntro(invitation.email)} {invitation.existingUser ? M.inviteExisting : null}
      </p>
      <form className="sign-in__form" onSubmit={onSubmit} noValidate>
        {invitation.existingUser ? null : (
          <Field label="Your name">
            {(control) => (
              <Input
                {...control}
                autoComplete="name"
                icon={<User aria-hidden="true" />}
                value={shownName}
                onChange={(e) => setName(e.target.value)}
                required
                data-testid="invite-name"
              />
            )}
          </Field>
        )}
        <PasswordField
          label="Password"
          autoComplete={invitation.existingUser ? 'current-password' : 'new-password'}
          value={password}
          onChange={setPassword}
          testId="invite-password"
        />
        {accept.isError ? (
          <p className="sign-in__error" role="alert" data-testid="invite-error">
            {errorText(accept.error, M.failed)}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          loading={accept.isPending}
          disabled={
            (invitation.existingUser ? !password : password.length < PASSWORD_MIN) ||
            (!invitation.existingUser && !shownName.trim())
          }
          data-testid="invite-submit"
        >
          {M.inviteSubmit}
        </Button>
      </form>
    </Card>
  );
}
