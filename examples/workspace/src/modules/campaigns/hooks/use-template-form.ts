// The state of the template editor: the form against its last saved values, the leave guard, and
// the save, review and delete requests with what follows each.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { toast } from '../../../ui';
import { campaignKeys, templateApi, templateQuery } from '../api/campaigns-api';
import type { CampaignChannel, CampaignTemplate } from '../api/types';
import { campaignPaths } from '../paths';
import { useLeaveGuard } from './use-leave-guard';

const WHATSAPP_NAME = /^[a-z0-9_]+$/;

/** What the template editor edits. */
export interface TemplateFormValues {
  readonly name: string;
  readonly language: string;
  readonly body: string;
}

const formOf = (t: CampaignTemplate): TemplateFormValues => ({
  name: t.name,
  language: t.language,
  body: t.body,
});

/** The template editor's state and requests, for a saved template or a new one of a channel. */
export function useTemplateForm({
  slug,
  template,
  usedBy,
  channel,
}: {
  readonly slug: string;
  readonly template: CampaignTemplate | null;
  readonly usedBy: number;
  readonly channel: CampaignChannel;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const safeReturn = returnTo?.startsWith(`/ws/${encodeURIComponent(slug)}/campaigns/`)
    ? returnTo
    : null;
  const [saved, setSaved] = useState<TemplateFormValues>(() =>
    template ? formOf(template) : { name: '', language: 'en', body: '' },
  );
  const [form, setForm] = useState<TemplateFormValues>(saved);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);
  const { blocker, allowNext } = useLeaveGuard(dirty);
  const nameError =
    channel === 'whatsapp' && form.name && !WHATSAPP_NAME.test(form.name)
      ? 'Use lower-case letters, digits and underscores.'
      : null;
  const [serverError, setServerError] = useState<string | null>(null);
  const after = (t: CampaignTemplate) => {
    queryClient.setQueryData(templateQuery(slug, t.id).queryKey, { template: t, usedBy });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.templates(slug) });
  };
  const save = useMutation({
    mutationFn: () =>
      template
        ? templateApi.patch(slug, template.id, form)
        : templateApi.create(slug, { ...form, channel }),
    onSuccess: ({ template: t }) => {
      after(t);
      setSaved(formOf(t));
      setForm(formOf(t));
      setServerError(null);
      toast({ tone: 'success', title: 'Template saved', description: 'It waits for review.' });
      if (!template) {
        allowNext();
        void navigate(
          `${campaignPaths.templateEditor(slug, t.id)}${safeReturn ? `?returnTo=${encodeURIComponent(safeReturn)}` : ''}`,
          { replace: true },
        );
      }
    },
    onError: (error) =>
      setServerError(
        error instanceof ApiError && error.issues?.length
          ? error.issues.map((i) => i.message).join(' ')
          : error instanceof Error
            ? error.message
            : String(error),
      ),
  });
  const review = useMutation({
    mutationFn: (decision: 'approved' | 'rejected') =>
      templateApi.review(slug, template!.id, decision),
    onSuccess: ({ template: t }) => {
      after(t);
      toast({
        tone: t.status === 'approved' ? 'success' : 'info',
        title: t.status === 'approved' ? 'Template approved' : 'Template rejected',
      });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'Review failed', description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => templateApi.remove(slug, template!.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.templates(slug) });
      toast({ tone: 'success', title: 'Template deleted' });
      allowNext();
      void navigate(campaignPaths.templates(slug));
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ tone: 'danger', title: 'Not deleted', description: error.message });
    },
  });
  const canSave = dirty && form.name.trim() !== '' && form.body.trim() !== '' && !nameError;
  return {
    safeReturn,
    form,
    setForm,
    dirty,
    blocker,
    nameError,
    serverError,
    confirmDelete,
    setConfirmDelete,
    save,
    review,
    remove,
    canSave,
  };
}
