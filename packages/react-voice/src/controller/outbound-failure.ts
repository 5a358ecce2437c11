/** The message of a failed outbound call: the server's own message when there is one. */
import { voiceError, VoiceError } from './errors';

/**
 * The outbound failure message: the message from the server if parseable, else 'There was
 * an error calling the contact, check the phone number.'.
 */
export function outboundFailure(error: unknown): VoiceError {
  const text = serverMessageOf(error);
  return text
    ? new VoiceError({ key: 'unexpectedError', params: { message: text } }, { cause: error })
    : voiceError('outboundCallFailed', undefined, error);
}

/** The server's message: a panel error's own message (JSON or text), or a JSON error text's. */
function serverMessageOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'error' in error) {
    const shape = (error as { error?: { message?: unknown } }).error;
    if (typeof shape?.message === 'string' && shape.message.trim())
      return jsonMessage(shape.message) ?? shape.message;
    return null;
  }
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  return jsonMessage(text);
}

function jsonMessage(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { message?: unknown } | null;
    return parsed && typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
  } catch {
    return null;
  }
}
