import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, CheckCheck, Clock, RotateCcw } from 'lucide-react';
import { Button, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { inboxKeys, retryMessage } from '../api/inbox-api';
import type { InboxMessage, MessageDelivery } from '../api/types';
import { errorText } from '../../../lib/error-text';

const LABELS: Record<MessageDelivery['status'], string> = {
  queued: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
  received: 'Received',
};

const ICONS: Record<MessageDelivery['status'], typeof Check> = {
  queued: Clock,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  failed: AlertCircle,
  received: Check,
};

/** A reply's way out: queued → sent → delivered → read, or failed with the provider's reason. */
export function DeliveryState({ message }: { readonly message: InboxMessage }) {
  const delivery = message.delivery!;
  const Icon = ICONS[delivery.status];
  return (
    <span
      className="timeline__delivery"
      data-status={delivery.status}
      data-testid="message-delivery"
      title={delivery.reason ?? undefined}
    >
      {' · '}
      <Icon aria-hidden="true" size={12} />
      {LABELS[delivery.status]}
      {delivery.status === 'failed' && delivery.reason ? `: ${delivery.reason}` : ''}
    </span>
  );
}

/** Sends a failed reply again. */
export function RetryReply({ message }: { readonly message: InboxMessage }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryMessage(session.slug, message.conversationId, message.id),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: inboxKeys.messages(session.slug, message.conversationId),
      }),
    onError: (error) =>
      toast({
        tone: 'danger',
        title: 'The reply was not sent again',
        description: errorText(error),
      }),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<RotateCcw aria-hidden="true" />}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      data-testid="message-retry"
    >
      Retry
    </Button>
  );
}
