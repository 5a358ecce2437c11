// The Participant Service's conversation routes: SendMessage, SendEvent (typing, read and
// delivered receipts) and GetTranscript.
import { z } from 'zod';
import {
  CHAT_EVENTS,
  CHAT_MESSAGE_LIMITS,
  CHAT_SENDABLE_EVENTS,
  CHAT_TRANSCRIPT_MAX_PAGE,
} from '../constants';
import { PARTICIPANT_MESSAGES as M, ParticipantApiError } from './participant-errors';
import { clientToken, parse, type ParticipantKit } from './participant-kit';

const messageBody = z.object({
  ContentType: z.string().min(1).max(100),
  Content: z.string().min(1).max(16384),
  ClientToken: clientToken,
});
const eventBody = z.object({
  ContentType: z.string().min(1).max(100),
  Content: z.string().min(1).max(1024).optional(),
  ClientToken: clientToken,
});
const transcriptBody = z.object({
  ContactId: z.string().min(1).max(256).optional(),
  MaxResults: z.number().int().min(0).max(CHAT_TRANSCRIPT_MAX_PAGE).optional(),
  NextToken: z.string().min(1).max(1000).optional(),
  ScanDirection: z.enum(['FORWARD', 'BACKWARD']).optional(),
  SortOrder: z.enum(['DESCENDING', 'ASCENDING']).optional(),
  StartPosition: z
    .object({
      Id: z.string().min(1).max(256).optional(),
      AbsoluteTime: z.string().min(1).max(100).optional(),
      MostRecent: z.number().int().min(0).max(CHAT_TRANSCRIPT_MAX_PAGE).optional(),
    })
    .optional(),
});

/** SendMessage, SendEvent and GetTranscript. */
export function messageRoutes(kit: ParticipantKit): void {
  const { chats, caller, body, reply, once, route } = kit;

  route('post', '/participant/message', async (c) => {
    const input = parse(messageBody, await body(c));
    const { session, participant } = caller(c, 'connection');
    const max = CHAT_MESSAGE_LIMITS[input.ContentType];
    if (max === undefined)
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    if (input.Content.length > max)
      throw new ParticipantApiError(
        'ValidationException',
        M.contentTooLong(input.ContentType, max),
      );
    return reply(
      c,
      once(session, participant, input, () => {
        const item = chats.item(session, participant, {
          Type: 'MESSAGE',
          ContentType: input.ContentType,
          Content: input.Content,
        });
        chats.emit(session, item);
        return { Id: item.Id, AbsoluteTime: item.AbsoluteTime };
      }),
    );
  });

  route('post', '/participant/event', async (c) => {
    const input = parse(eventBody, await body(c));
    const { session, participant } = caller(c, 'connection');
    if (!CHAT_SENDABLE_EVENTS.includes(input.ContentType))
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    const receipt =
      input.ContentType === CHAT_EVENTS.messageRead ||
      input.ContentType === CHAT_EVENTS.messageDelivered;
    let messageId: string | undefined;
    if (receipt) {
      try {
        const parsed = z
          .object({ messageId: z.string().min(1).max(256) })
          .parse(JSON.parse(input.Content ?? ''));
        messageId = parsed.messageId;
      } catch {
        throw new ParticipantApiError(
          'ValidationException',
          'Content must be {"messageId":"<Id of the message>"}.',
        );
      }
    }
    return reply(
      c,
      once(session, participant, input, () => {
        const item = chats.item(session, participant, {
          Type: 'EVENT',
          ContentType: input.ContentType,
          ...(input.Content === undefined ? {} : { Content: input.Content }),
        });
        if (receipt) {
          const at = item.AbsoluteTime;
          chats.emit(
            session,
            {
              ...item,
              Type: 'MESSAGEMETADATA',
              MessageMetadata: {
                MessageId: messageId!,
                Receipts: [
                  {
                    ...(input.ContentType === CHAT_EVENTS.messageRead
                      ? { ReadTimestamp: at }
                      : { DeliveredTimestamp: at }),
                    RecipientParticipantId: participant.id,
                  },
                ],
              },
            },
            true,
          );
        } else chats.emit(session, item, input.ContentType === CHAT_EVENTS.typing);
        return { Id: item.Id, AbsoluteTime: item.AbsoluteTime };
      }),
    );
  });

  route('post', '/participant/transcript', async (c) => {
    const input = parse(transcriptBody, await body(c));
    const { session } = caller(c, 'connection');
    const page = chats.transcript(session, {
      maxResults: input.MaxResults === 0 ? undefined : input.MaxResults,
      nextToken: input.NextToken,
      scanDirection: input.ScanDirection,
      sortOrder: input.SortOrder,
      startPosition: input.StartPosition,
    });
    if (page === 'bad-token') throw new ParticipantApiError('ValidationException', M.badNextToken);
    return reply(c, {
      InitialContactId: session.initialContactId,
      Transcript: page.items,
      ...(page.nextToken ? { NextToken: page.nextToken } : {}),
    });
  });
}
