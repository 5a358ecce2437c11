/**
 * What can be done to a campaign from its viewer (edit, unschedule, cancel, duplicate, delete):
 * the requests with their toasts, the header buttons and the confirmation of the two that
 * cannot be undone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Copy, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, toast } from '../../../ui';
import { campaignApi, campaignKeys } from '../api/campaigns-api';
import type { Campaign } from '../api/types';
import { campaignPaths } from '../paths';
import { errorText } from '../../../lib/error-text';

/** The viewer's requests, and which confirmation is open. */
export function useViewerActions(slug: string, c: Campaign) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<'delete' | 'cancel' | null>(null);
  const refresh = (next?: Campaign) => {
    if (next) queryClient.setQueryData(campaignKeys.campaign(slug, next.id), next);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(slug) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.overview(slug) });
  };
  const fail = (title: string) => (error: unknown) =>
    toast({
      tone: 'danger',
      title,
      description: errorText(error, undefined),
    });
  const duplicate = useMutation({
    mutationFn: () => campaignApi.duplicate(slug, c.id),
    onSuccess: (copy) => {
      refresh(copy);
      toast({ tone: 'success', title: 'Campaign duplicated', description: copy.name });
      void navigate(campaignPaths.editor(slug, copy.id));
    },
    onError: fail('The campaign was not duplicated'),
  });
  const unschedule = useMutation({
    mutationFn: () => campaignApi.unschedule(slug, c.id),
    onSuccess: (next) => {
      refresh(next);
      toast({ tone: 'success', title: 'Back to draft' });
    },
    onError: fail('The campaign was not unscheduled'),
  });
  const cancel = useMutation({
    mutationFn: () => campaignApi.cancel(slug, c.id),
    onSuccess: (next) => {
      refresh(next);
      setConfirm(null);
      toast({ tone: 'success', title: 'Campaign cancelled' });
    },
    onError: fail('The campaign was not cancelled'),
  });
  const remove = useMutation({
    mutationFn: () => campaignApi.remove(slug, c.id),
    onSuccess: () => {
      setConfirm(null);
      queryClient.removeQueries({ queryKey: campaignKeys.campaign(slug, c.id) });
      refresh();
      toast({ tone: 'success', title: 'Campaign deleted', description: c.name });
      void navigate(campaignPaths.list(slug));
    },
    onError: fail('The campaign was not deleted'),
  });
  return { confirm, setConfirm, duplicate, unschedule, cancel, remove };
}

type ViewerActions = ReturnType<typeof useViewerActions>;

/** The header buttons, by status: edit a draft, unschedule, cancel, duplicate, delete. */
export function ViewerActionButtons({
  slug,
  campaign: c,
  actions: { setConfirm, duplicate, unschedule },
}: {
  readonly slug: string;
  readonly campaign: Campaign;
  readonly actions: ViewerActions;
}) {
  const navigate = useNavigate();
  return (
    <>
      {c.status === 'draft' ? (
        <Button
          variant="primary"
          icon={<Pencil aria-hidden="true" />}
          onClick={() => void navigate(campaignPaths.editor(slug, c.id))}
          data-testid="viewer-edit"
        >
          Edit
        </Button>
      ) : null}
      {c.status === 'scheduled' ? (
        <Button
          icon={<Undo2 aria-hidden="true" />}
          loading={unschedule.isPending}
          onClick={() => unschedule.mutate()}
          data-testid="viewer-unschedule"
        >
          Unschedule
        </Button>
      ) : null}
      {c.status === 'scheduled' || c.status === 'sending' ? (
        <Button
          variant="danger"
          icon={<Ban aria-hidden="true" />}
          onClick={() => setConfirm('cancel')}
          data-testid="viewer-cancel"
        >
          Cancel
        </Button>
      ) : null}
      <Button
        icon={<Copy aria-hidden="true" />}
        loading={duplicate.isPending}
        onClick={() => duplicate.mutate()}
        data-testid="viewer-duplicate"
      >
        Duplicate
      </Button>
      {c.status !== 'sending' ? (
        <Button
          variant="ghost"
          icon={<Trash2 aria-hidden="true" />}
          onClick={() => setConfirm('delete')}
          data-testid="viewer-delete"
        >
          Delete
        </Button>
      ) : null}
    </>
  );
}

/** Asks before deleting or cancelling (neither can be undone). */
export function ViewerConfirmDialog({
  actions: { confirm, setConfirm, cancel, remove },
}: {
  readonly actions: ViewerActions;
}) {
  return (
    <Dialog
      open={confirm !== null}
      onOpenChange={(o) => (o ? undefined : setConfirm(null))}
      title={confirm === 'delete' ? 'Delete this campaign?' : 'Cancel this campaign?'}
      description={
        confirm === 'delete'
          ? 'The campaign and its report are removed for good.'
          : 'Messages not sent yet are not sent. Messages already sent stay in the report.'
      }
      data-testid="viewer-confirm"
      footer={
        <>
          <Button onClick={() => setConfirm(null)}>Keep it</Button>
          <Button
            variant="danger"
            loading={remove.isPending || cancel.isPending}
            onClick={() => (confirm === 'delete' ? remove.mutate() : cancel.mutate())}
            data-testid="viewer-confirm-yes"
          >
            {confirm === 'delete' ? 'Delete campaign' : 'Cancel campaign'}
          </Button>
        </>
      }
    />
  );
}
