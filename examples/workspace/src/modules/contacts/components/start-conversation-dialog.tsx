import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { Button, Dialog, Field, Input, toast } from '../../../ui';
import { inboxKeys, startConversation } from '../../inbox/api/inbox-api';
import type { Contact } from '../api/types';
import { conversationLinkList } from '../../session/permits';
import { CONTACT_COPY as M } from '../messages';
import { errorText } from '../../../lib/error-text';

type StartChannel = 'email' | 'sms' | 'whatsapp';
const CHANNELS: readonly StartChannel[] = ['email', 'sms', 'whatsapp'];

/**
 * Starts a conversation with a contact on email, SMS or WhatsApp (the channels they have an
 * address for) and opens it, where the agent writes the first message in the usual composer.
 */
export function StartConversationDialog({
  contact,
  onClose,
}: {
  readonly contact: Contact;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const country = session.workspace.defaultCountry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reachable = (c: StartChannel) => (c === 'email' ? !!contact.email : !!contact.phone);
  const [channel, setChannel] = useState<StartChannel>(CHANNELS.find(reachable) ?? 'email');
  const [subject, setSubject] = useState('');
  const start = useMutation({
    mutationFn: () =>
      startConversation(session.slug, {
        contactId: contact.id,
        channel,
        ...(channel === 'email' && subject.trim() ? { subject: subject.trim() } : {}),
      }),
    onSuccess: async ({ conversation }) => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all(session.slug) });
      onClose();
      void navigate(
        paths.conversation(session.slug, conversation.id, conversationLinkList(session.permits)),
      );
    },
    onError: (error) =>
      toast({ tone: 'danger', title: M.notStarted, description: errorText(error) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={M.newConversationTitle(contact.displayName)}
      description={M.newConversationDescription}
      width={480}
      data-testid="start-conversation-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button
            type="submit"
            form="start-conversation-form"
            variant="primary"
            loading={start.isPending}
            disabled={!reachable(channel)}
            data-testid="start-conversation-open"
          >
            {M.open}
          </Button>
        </>
      }
    >
      <form
        id="start-conversation-form"
        className="contact-form"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <fieldset className="start-channel">
          <legend className="ui-field__label">{M.channel}</legend>
          {CHANNELS.map((c) => (
            <label
              key={c}
              className="start-channel__option"
              data-disabled={!reachable(c) || undefined}
            >
              <input
                type="radio"
                name="channel"
                value={c}
                checked={channel === c}
                disabled={!reachable(c)}
                onChange={() => setChannel(c)}
                data-testid={`start-channel-${c}`}
              />
              <span>{M.channels[c]}</span>
              <span className="start-channel__address">
                {c === 'email'
                  ? (contact.email ?? M.noEmail)
                  : contact.phone
                    ? formatPhone(contact.phone, country)
                    : M.noPhone}
              </span>
            </label>
          ))}
        </fieldset>
        {channel === 'email' ? (
          <Field label={M.subject}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                maxLength={200}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                data-testid="start-conversation-subject"
              />
            )}
          </Field>
        ) : null}
      </form>
    </Dialog>
  );
}
