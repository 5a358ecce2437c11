import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText, Pencil, Plus, Search, SearchX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../lib/format';
import {
  Button,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  Input,
  Page,
  Textarea,
  toast,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  createSavedReply,
  deleteSavedReply,
  savedRepliesQuery,
  settingsKeys,
  updateSavedReply,
} from '../api/settings-api';
import type { SavedReply } from '../api/types';
import { FORM_MESSAGES } from '../messages';
import { applyServerIssues, QueryStates } from './controls';
import { errorText } from '../../../lib/error-text';

/**
 * settings/message-templates: the saved replies agents insert from the inbox composer
 * (flag_inbox_savedReplies). Saving here refreshes the composer's list.
 */
export function MessageTemplatesPage() {
  const session = useSession();
  const query = useQuery(savedRepliesQuery(session.slug));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const [removing, setRemoving] = useState<SavedReply | null>(null);
  const text = search.trim().toLowerCase();
  return (
    <Page
      title="Message templates"
      subtitle="Saved replies that agents insert from the inbox composer."
      data-testid="settings-message-templates"
      actions={
        <>
          <Input
            type="search"
            aria-label="Search templates"
            placeholder="Search templates"
            icon={<Search aria-hidden="true" />}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button
            variant="primary"
            icon={<Plus aria-hidden="true" />}
            onClick={() => setEditing('new')}
            data-testid="template-new"
          >
            New template
          </Button>
        </>
      }
    >
      <div className="ui-card">
        <QueryStates query={query} label="message templates" rows={4}>
          {() => {
            const all = query.data ?? [];
            const list = all.filter(
              (r) =>
                !text ||
                r.title.toLowerCase().includes(text) ||
                r.body.toLowerCase().includes(text),
            );
            if (all.length === 0)
              return (
                <EmptyState
                  icon={<MessageSquareText aria-hidden="true" />}
                  title="No message templates yet"
                  body="Write the answers your team sends most, and insert them in one click from the inbox."
                  actions={
                    <Button variant="primary" onClick={() => setEditing('new')}>
                      New template
                    </Button>
                  }
                />
              );
            if (list.length === 0)
              return (
                <EmptyState
                  icon={<SearchX aria-hidden="true" />}
                  title="No templates found"
                  body={`Nothing matches “${search.trim()}”.`}
                />
              );
            return (
              <ul className="settings-rows" aria-label="Message templates">
                {list.map((reply) => (
                  <li key={reply.id} className="settings-row" data-testid="template-row">
                    <div className="settings-row__main">
                      <p className="settings-row__title">{reply.title}</p>
                      <p className="settings-row__body">{reply.body}</p>
                    </div>
                    <span className="settings-muted settings-row__meta">
                      Updated {formatDateTime(reply.updatedAt)}
                    </span>
                    <div className="settings-row__actions">
                      <IconButton
                        label={`Edit ${reply.title}`}
                        onClick={() => setEditing(reply)}
                        data-testid="template-edit"
                      >
                        <Pencil aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={`Delete ${reply.title}`}
                        onClick={() => setRemoving(reply)}
                        data-testid="template-delete"
                      >
                        <Trash2 aria-hidden="true" />
                      </IconButton>
                    </div>
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryStates>
      </div>
      {editing ? (
        <TemplateDialog
          reply={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <DeleteTemplateDialog reply={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </Page>
  );
}

function TemplateDialog({
  reply,
  onClose,
}: {
  readonly reply: SavedReply | null;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm<{ title: string; body: string }>({
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (v: { title: string; body: string }) => {
      const input = { title: v.title.trim(), body: v.body.trim() };
      return reply
        ? updateSavedReply(session.slug, reply.id, input)
        : createSavedReply(session.slug, input);
    },
    onSuccess: async (saved) => {
      toast({
        tone: 'success',
        title: reply ? 'Template saved' : 'Template created',
        description: saved.title,
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.savedReplies(session.slug) });
      onClose();
    },
    onError: (error) => {
      if (!applyServerIssues(error, setError, ['title', 'body']))
        toast({
          tone: 'danger',
          title: 'The template was not saved',
          description: errorText(error),
        });
    },
  });
  const required = (v: string) => v.trim().length > 0 || FORM_MESSAGES.required;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={reply ? 'Edit template' : 'New template'}
      width={560}
      data-testid="template-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="template-form"
            variant="primary"
            loading={save.isPending}
            data-testid="template-save"
          >
            {reply ? 'Save template' : 'Create template'}
          </Button>
        </>
      }
    >
      <form
        id="template-form"
        className="settings-form__grid"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      >
        <Field
          label="Title"
          hint="What agents pick in the composer."
          error={formState.errors.title?.message}
        >
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              {...register('title', {
                validate: required,
                maxLength: { value: 120, message: FORM_MESSAGES.tooLong(120) },
              })}
              data-testid="template-title"
            />
          )}
        </Field>
        <Field label="Message" error={formState.errors.body?.message}>
          {(c) => (
            <Textarea
              {...c}
              rows={6}
              {...register('body', {
                validate: required,
                maxLength: { value: 5000, message: FORM_MESSAGES.tooLong(5000) },
              })}
              data-testid="template-body"
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

function DeleteTemplateDialog({
  reply,
  onClose,
}: {
  readonly reply: SavedReply;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSavedReply(session.slug, reply.id),
    onSuccess: async () => {
      toast({ tone: 'success', title: 'Template deleted', description: reply.title });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.savedReplies(session.slug) });
      onClose();
    },
    onError: (error) =>
      toast({
        tone: 'danger',
        title: 'The template was not deleted',
        description: errorText(error),
      }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Delete “${reply.title}”?`}
      description="Agents can no longer insert it from the composer."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="template-delete-confirm"
          >
            Delete template
          </Button>
        </>
      }
    />
  );
}
