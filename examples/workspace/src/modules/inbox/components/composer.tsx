import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { AttachControl, useDraftAttachments } from './composer-attachments';
import { lazy, Suspense, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useSession } from '../../session/hooks/use-session';
import { Button, Skeleton, toast } from '../../../ui';
import {
  agentsQuery,
  inboxKeys,
  savedRepliesQuery,
  sendMessage,
  whatsappWindowQuery,
} from '../api/inbox-api';
import { MentionTextarea, type MentionTextareaHandle } from './mention-textarea';
import type { ConversationSummary } from '../api/types';
import { SavedRepliesMenu } from './composer-saved-replies';
import { WhatsappWindowHint } from './whatsapp-window-hint';
import { errorText } from '../../../lib/error-text';

// Outside WhatsApp's 24-hour window only: the template picker loads when it is needed.
const WhatsappTemplateOffer = lazy(() =>
  import('./whatsapp-template-offer').then((m) => ({ default: m.WhatsappTemplateOffer })),
);
import { INBOX_COPY } from '../messages';

type Mode = 'message' | 'note';

/** Writes a reply to the contact or an internal note; inserts saved replies. */
export function Composer({ conversation }: { readonly conversation: ConversationSummary }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('message');
  const [body, setBody] = useState('');
  const drafts = useDraftAttachments(session.slug, conversation.id);
  const savedReplies = useQuery(savedRepliesQuery(session.slug));
  const field = useRef<MentionTextareaHandle>(null);
  // Notes may mention active teammates (loaded once the note mode is chosen).
  const members = useQuery({
    ...agentsQuery(session.slug),
    enabled: mode === 'note',
    select: (agents) => agents.filter((a) => a.active),
  });
  const whatsapp = conversation.channel === 'whatsapp';
  // WhatsApp: free text only within 24 hours of the customer's last message; else a template.
  const window = useQuery({
    ...whatsappWindowQuery(session.slug, conversation.id),
    enabled: whatsapp,
  });
  const templateOnly = whatsapp && mode === 'message' && window.data?.open === false;
  const send = useMutation({
    mutationFn: (input: { kind: Mode; body: string; attachmentIds?: string[] }) =>
      sendMessage(session.slug, conversation.id, input),
    onSuccess: async () => {
      setBody('');
      field.current?.reset();
      drafts.clear();
      await queryClient.invalidateQueries({
        queryKey: inboxKeys.messages(session.slug, conversation.id),
      });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(session.slug) });
    },
    onError: (error) =>
      toast({
        tone: 'danger',
        title: mode === 'note' ? 'The note was not saved' : 'The reply was not sent',
        description: errorText(error),
      }),
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    const attachmentIds = drafts.ids;
    // A reply may be files alone; a note needs text.
    const empty = !text && (mode !== 'message' || attachmentIds.length === 0);
    if (empty || send.isPending || drafts.pending) return;
    const written = mode === 'note' ? (field.current?.withMentionTokens(text) ?? text) : text;
    send.mutate({ kind: mode, body: written, ...(attachmentIds.length ? { attachmentIds } : {}) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };
  return (
    <form className="composer" data-mode={mode} onSubmit={submit} data-testid="composer">
      <div className="composer__modes" role="radiogroup" aria-label="Reply or note">
        {(['message', 'note'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            className="composer__mode"
            onClick={() => setMode(m)}
            data-testid={`composer-mode-${m}`}
          >
            {m === 'message' ? 'Reply' : 'Note'}
          </button>
        ))}
      </div>
      {templateOnly && window.data ? (
        <Suspense fallback={<Skeleton height={96} />}>
          <WhatsappTemplateOffer conversationId={conversation.id} window={window.data} />
        </Suspense>
      ) : (
        <>
          {whatsapp && mode === 'message' && window.data ? (
            <WhatsappWindowHint window={window.data} />
          ) : null}
          <MentionTextarea
            ref={field}
            mentions={mode === 'note'}
            members={members.data ?? []}
            aria-label={mode === 'message' ? 'Reply' : 'Internal note'}
            placeholder={
              mode === 'message'
                ? `Reply to ${conversation.contact.displayName}…`
                : 'Write a note only your team can see (@ to mention)…'
            }
            value={body}
            onValueChange={setBody}
            onKeyDown={onKeyDown}
            rows={3}
            data-testid="composer-input"
          />
          <AttachControl.List drafts={drafts} />
          <div className="composer__bar">
            <AttachControl.Button drafts={drafts} />
            <SavedRepliesMenu
              savedReplies={savedReplies}
              onInsert={(text) => setBody((b) => (b ? `${b}\n${text}` : text))}
              onCreateMeetLink={
                session.app.meetLinks
                  ? () =>
                      void import('../meet-link').then((m) =>
                        m.createMeetLink(session.slug, conversation.id, queryClient),
                      )
                  : null
              }
            />
            <span className="composer__hint">
              <kbd className="ui-kbd">Ctrl</kbd> <kbd className="ui-kbd">Enter</kbd> to send
            </span>
            <Button
              type="submit"
              variant="primary"
              size="sm"
              icon={<Send aria-hidden="true" />}
              loading={send.isPending}
              disabled={
                (!body.trim() && (mode !== 'message' || drafts.ids.length === 0)) || drafts.pending
              }
              title={drafts.pending ? INBOX_COPY.attachmentsPending : undefined}
              data-testid="composer-send"
            >
              {mode === 'message' ? 'Send' : 'Add note'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
