// The attachment module's user-facing messages.
import { ATTACHMENT_LIMITS } from './constants';

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const ATTACHMENT_MESSAGES = {
  tooLarge: (name: string) =>
    `${name} is larger than ${mb(ATTACHMENT_LIMITS.maxBytes)}, the largest file that can be attached.`,
  tooMany: () => `At most ${ATTACHMENT_LIMITS.maxPerMessage} files can be attached to one message.`,
  unsupportedType: (name: string, type: string) =>
    `${name} (${type || 'unknown type'}) cannot be attached: images, PDF, plain text, office documents, audio and video are allowed.`,
  typeMismatch: (name: string, type: string) =>
    `${name} is not a real ${type} file: its content does not match its type.`,
  noFile: 'Choose a file to attach.',
  notDraft:
    'An attached file is unknown, already sent, or was uploaded to another conversation: attach it again.',
  notFound: 'Attachment',
  fetchFailed: (reason: string) => `The file could not be fetched from the provider: ${reason}`,
  badSignature: 'This attachment link is invalid or has expired.',
} as const;
