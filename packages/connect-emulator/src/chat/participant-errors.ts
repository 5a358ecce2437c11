/** The Participant Service's error types and their HTTP statuses (restJson1). */
export const PARTICIPANT_ERROR_STATUS = {
  ValidationException: 400,
  ServiceQuotaExceededException: 402,
  AccessDeniedException: 403,
  ResourceNotFoundException: 404,
  ConflictException: 409,
  ThrottlingException: 429,
  InternalServerException: 500,
} as const;

/** A Participant Service error type. */
export type ParticipantErrorType = keyof typeof PARTICIPANT_ERROR_STATUS;

/**
 * A Participant Service refusal, answered with `x-amzn-ErrorType` and `{"Message"}` (plus
 * `ResourceId`/`ResourceType` for ResourceNotFoundException).
 */
export class ParticipantApiError extends Error {
  override readonly name = 'ParticipantApiError';
  readonly status: number;

  constructor(
    readonly type: ParticipantErrorType,
    message: string,
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.status = PARTICIPANT_ERROR_STATUS[type];
  }
}

/** The exact messages of the Participant Service as the emulator words them. */
export const PARTICIPANT_MESSAGES = {
  missingToken: 'Missing X-Amz-Bearer header.',
  invalidToken: 'Invalid or expired token.',
  wrongTokenKind: (needed: string) => `This operation needs a ${needed} token.`,
  chatEnded: 'The chat has ended.',
  participantLeft: 'The participant has left the chat.',
  notJson: 'The request body is not valid JSON.',
  unknownAttachment: (id: string) => `Attachment not found: ${id}`,
  attachmentNotUploaded: (id: string) => `Attachment ${id} was not uploaded.`,
  transcriptFull: 'The chat has reached the most items it can hold.',
  badNextToken: 'Invalid NextToken.',
  unsupportedContentType: (type: string) => `Content type ${type} is not supported.`,
  contentTooLong: (type: string, max: number) =>
    `Content of type ${type} must be 1 to ${max} characters.`,
  notParticipantAck: 'ConnectParticipant is for agent participants.',
} as const;
