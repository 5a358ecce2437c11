import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCw, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Badge, Button, Dialog, Field, Input, Select, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  invitationsQuery,
  inviteAgent,
  resendInvitation,
  revokeInvitation,
} from '../api/settings-api';
import { INVITATION_MESSAGES as M, ROLE_LABELS } from '../messages';
import { errorText } from '../../../lib/error-text';

type Role = keyof typeof ROLE_LABELS;

function useInvalidateInvitations() {
  const client = useQueryClient();
  const { slug } = useSession();
  return () => client.invalidateQueries({ queryKey: invitationsQuery(slug).queryKey });
}

/** "Invite agent": email, name and role; the server mails the link. */
export function InviteButton() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const invalidate = useInvalidateInvitations();
  const invite = useMutation({
    mutationFn: () => inviteAgent(session.slug, { email: email.trim(), name: name.trim(), role }),
    onSuccess: async (invitation) => {
      toast({ tone: 'success', title: M.sent, description: invitation.email });
      await invalidate();
      setOpen(false);
      setEmail('');
      setName('');
      setRole('agent');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const roles = (Object.keys(ROLE_LABELS) as Role[]).filter(
    (r) => r !== 'admin' || session.permits.admin,
  );
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} data-testid="invite-agent">
        <UserPlus aria-hidden="true" />
        {M.invite}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={M.dialogTitle}
        description={M.dialogDescription}
        width={460}
        data-testid="invite-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="invite-form"
              variant="primary"
              loading={invite.isPending}
              disabled={!email.trim() || !name.trim()}
              data-testid="invite-send"
            >
              {M.send}
            </Button>
          </>
        }
      >
        <form id="invite-form" className="settings-form" onSubmit={onSubmit} noValidate>
          <Field label="Email">
            {(control) => (
              <Input
                {...control}
                type="email"
                icon={<Mail aria-hidden="true" />}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoFocus
                data-testid="invite-email"
              />
            )}
          </Field>
          <Field label="Name">
            {(control) => (
              <Input
                {...control}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                data-testid="invite-name-input"
              />
            )}
          </Field>
          <Select
            label="Role"
            value={role}
            onValueChange={(v) => setRole(v)}
            options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            data-testid="invite-role"
          />
          {invite.isError ? (
            <p className="settings-error" role="alert" data-testid="invite-dialog-error">
              {errorText(invite.error)}
            </p>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}

/** The pending invitations, each with Resend and Revoke. */
export function PendingInvitations() {
  const session = useSession();
  const query = useQuery(invitationsQuery(session.slug));
  const invalidate = useInvalidateInvitations();
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend' ? resendInvitation(session.slug, id) : revokeInvitation(session.slug, id),
    onSuccess: async (_r, { action }) => {
      toast({ tone: 'success', title: action === 'resend' ? M.resent : M.revoked });
      await invalidate();
    },
    onError: (error) => toast({ tone: 'danger', title: M.failed, description: errorText(error) }),
  });
  const invitations = query.data ?? [];
  if (invitations.length === 0) return null;
  return (
    <section className="ui-card settings-table" data-testid="pending-invitations">
      <table className="settings-table__table">
        <caption>{M.pendingTitle}</caption>
        <thead>
          <tr>
            <th scope="col">Invited</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="ui-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((i) => (
            <tr key={i.id} data-testid="invitation-row" data-invitation-email={i.email}>
              <td>
                <span className="settings-person__text">
                  <span className="settings-person__name">{i.name}</span>
                  <span className="settings-person__email">{i.email}</span>
                </span>
              </td>
              <td data-label="Role">
                <Badge tone="neutral">{ROLE_LABELS[i.role]}</Badge>
                {i.expired ? (
                  <>
                    {' '}
                    <Badge tone="danger">{M.expired}</Badge>
                  </>
                ) : null}
              </td>
              <td className="settings-table__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => act.mutate({ id: i.id, action: 'resend' })}
                  aria-label={`${M.resend} ${i.email}`}
                  data-testid="invitation-resend"
                >
                  <RotateCw aria-hidden="true" />
                  {M.resend}
                </Button>{' '}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => act.mutate({ id: i.id, action: 'revoke' })}
                  aria-label={`${M.revoke} ${i.email}`}
                  data-testid="invitation-revoke"
                >
                  <X aria-hidden="true" />
                  {M.revoke}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
