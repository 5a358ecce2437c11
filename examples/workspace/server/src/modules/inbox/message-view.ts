// The inbox's messages as the API answers them: a message row with its author, its delivery
// state, its attachments and, for a call, the call part (recording and transcript links once the
// call was talked and is over).
import type { CallPart, InboxMessage, MessageDelivery } from '../../contract/inbox';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { partAppPath, recordingUrl, transcriptUrl } from '../../lib/links';
import { AttachmentService, attachmentView, type AttachmentRow } from '../attachments/service';
import type { InboxRepository } from './repository';

/** A message row as the inbox reads it (with its author and its call). */
export type MessageRow = Awaited<ReturnType<InboxRepository['messages']>>[number];

/** Whether a call is over and was talked: then it has a recording and a transcript. */
export const hasMedia = (answered: boolean, endedAt: Date | null): boolean =>
  answered && endedAt !== null;

/** Messages with their attachments, in their order (one query for all the files). */
export async function messagesWithFiles(
  services: Services,
  access: WorkspaceAccess,
  rows: readonly MessageRow[],
): Promise<InboxMessage[]> {
  const files = await new AttachmentService(services).ofMessages(
    access.workspace.id,
    rows.map((m) => m.id),
  );
  return rows.map((m) => messageView(access, m, files.get(m.id) ?? []));
}

function messageView(
  access: WorkspaceAccess,
  m: MessageRow,
  files: readonly AttachmentRow[],
): InboxMessage {
  return {
    id: m.id,
    conversationId: m.conversation_id,
    kind: m.kind as InboxMessage['kind'],
    direction: m.direction as InboxMessage['direction'],
    author: m.author_agent_id
      ? { id: m.author_agent_id, name: m.author_name ?? '', avatarURL: m.author_avatar_url }
      : null,
    body: m.body,
    createdAt: new Date(m.created_at).toISOString(),
    call: m.kind === 'call' && m.id_communication ? callPartView(access, m) : null,
    delivery: m.status
      ? {
          status: m.status as MessageDelivery['status'],
          reason: m.status_reason,
          at: m.status_at ? new Date(m.status_at).toISOString() : null,
        }
      : null,
    attachments: files.map((f) => attachmentView(access.workspace.slug, f)),
  };
}

/** The call part of a call message: its parties, times, media links and after-call work. */
export function callPartView(access: WorkspaceAccess, m: MessageRow): CallPart {
  const slug = access.workspace.slug;
  const ended = m.call_ended_at ? new Date(m.call_ended_at) : null;
  const connected = m.call_connected_at ? new Date(m.call_connected_at) : null;
  const media = hasMedia(m.answered ?? false, ended);
  return {
    idConversation: m.conversation_id,
    idPart: m.id,
    idCommunication: m.id_communication!,
    communicationType: (m.communication_type ?? 'inbound') as CallPart['communicationType'],
    answered: m.answered ?? false,
    contactPhoneNumber: m.contact_phone_number ?? null,
    agent: m.call_agent_id
      ? { id: m.call_agent_id, name: m.call_agent_name ?? '', avatarURL: m.call_agent_avatar_url }
      : null,
    startedAt: new Date(m.call_created_at ?? m.created_at).toISOString(),
    endedAt: ended?.toISOString() ?? null,
    durationSeconds:
      ended && connected
        ? Math.max(0, Math.round((ended.getTime() - connected.getTime()) / 1000))
        : null,
    recordingUrl: media ? recordingUrl(slug, m.id_communication!) : null,
    transcriptUrl: media ? transcriptUrl(slug, m.conversation_id, m.id) : null,
    appPath: partAppPath(slug, m.conversation_id, m.id),
    afterCallWork: m.acw_saved_at
      ? { disposition: m.acw_disposition, notes: m.acw_notes ?? '' }
      : null,
  };
}
