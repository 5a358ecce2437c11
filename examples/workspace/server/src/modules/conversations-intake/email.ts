// The email channel joined to the intake: a recipient address is a workspace's mailbox when it is
// the address of its email channel and the channel is on; each mail becomes a message of the
// sender's conversation (the thread's, when it answers one of ours or theirs), through the
// inbound queue like the providers' webhooks.
import { sql } from 'kysely';
import type { Services } from '../../lib/context';
import { InboundEmailServer, type InboundEmail } from '../../integrations/channels/email/inbound';
import { inboundQueue } from './inbound-queue';

/** The workspace whose email channel is on at `address`, or null. */
export async function emailMailbox(services: Services, address: string): Promise<string | null> {
  const row = await services.db
    .withTables<{
      workspace_channels: {
        workspace_id: string;
        channel: string;
        enabled: boolean;
        address: string;
      };
    }>()
    .selectFrom('workspace_channels')
    .select('workspace_id')
    .where('channel', '=', 'email')
    .where('enabled', '=', true)
    .where(sql<string>`lower(address)`, '=', address.toLowerCase())
    .executeTakeFirst();
  return row?.workspace_id ?? null;
}

/** Starts the server's inbound SMTP listener over the intake; answers it and its `host:port`. */
export async function startInboundEmail(
  services: Services,
  at: { host: string; port: number },
): Promise<{ server: InboundEmailServer; address: string }> {
  const queue = inboundQueue(services);
  const log = services.log.child({ module: 'inbound-email' });
  const server = new InboundEmailServer({
    ...at,
    mailbox: (address) => emailMailbox(services, address),
    deliver: async (mail: InboundEmail) => {
      // Through the inbound queue: the mail (and its files) is durable before the 250 answer.
      await queue.submit({
        workspaceId: mail.workspaceId,
        channel: 'email',
        from: { kind: 'email', email: mail.from.address, name: mail.from.name },
        subject: mail.subject,
        body: mail.text,
        externalId: mail.externalId,
        inReplyTo: mail.inReplyTo,
        files: mail.attachments,
        media: mail.attachments.map((a, position) => ({
          source: 'queued' as const,
          position,
          filename: a.filename,
          contentType: a.contentType,
        })),
      });
    },
    onError: (error) => log.warn({ err: error }, 'inbound mail not accepted'),
  });
  const address = await server.listen();
  log.info({ address }, 'inbound SMTP listening');
  return { server, address };
}
