import { setAuth } from './auth-token';
import { apiUrl, authHeaders } from './client';

/** The header that names the tab a stream belongs to (the server's presence counts tabs). */
export const TAB_HEADER = 'x-workspace-tab';

let tab: string | undefined;

/** This page's id, sent with its event streams and in its pagehide beacon (presence). */
export function tabId(): string {
  tab ??= crypto.randomUUID();
  return tab;
}

/** One server-sent event. */
export interface StreamEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
}

/** Splits a text/event-stream body into events (blank line ends an event; `:` lines are comments). */
export function createEventParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | undefined;
  return (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1));
      if (line === '') {
        if (data.length) onEvent({ event, data: data.join('\n'), id });
        event = 'message';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
  };
}

/**
 * Follows a server-sent event stream of the workspace API with the bearer token (which
 * `EventSource` cannot send), reconnecting with back-off (1 s doubling to 30 s) until `signal`
 * aborts. `onOpen` runs on every (re)connection, so the caller can refetch what it missed.
 */
export async function followEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  onOpen?: () => void,
): Promise<void> {
  let delay = 1_000;
  while (!signal.aborted) {
    try {
      const response = await fetch(apiUrl(path), {
        headers: { ...authHeaders(), accept: 'text/event-stream', [TAB_HEADER]: tabId() },
        signal,
      });
      // A token revoked meanwhile (signed out elsewhere, account deactivated): the app signs out,
      // as it does when an API call answers 401.
      if (response.status === 401) return setAuth(null);
      if (response.status === 403 || response.status === 404) return;
      if (!response.ok || !response.body) throw new Error(`event stream ${response.status}`);
      delay = 1_000;
      onOpen?.();
      const parse = createEventParser(onEvent);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(30_000, delay * 2);
  }
}
