// Files in the widget: the attach control (a labelled button that opens the file chooser; the
// chosen file is sent at once as the visitor's message, with the text typed so far) and the files
// listed under a message, each a download link (name and size) through the widget's own route.
import { ATTACH_TEXT as A } from './messages';

/** A file on a message, as the widget API lists it. */
export interface WidgetAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly status: string;
  readonly url: string | null;
}

export const ATTACH_CSS = `
.attach { background: #fff; color: #4f46e5; border: 1px solid #c7d2fe; border-radius: 8px; min-width: 40px; min-height: 40px; cursor: pointer; display: grid; place-items: center; padding: 0; }
.attach:disabled { opacity: .6; cursor: default; }
.attach svg { width: 20px; height: 20px; }
.files { list-style: none; margin: 4px 0 0; padding: 0; display: grid; gap: 4px; max-width: 82%; }
.files[data-direction="inbound"] { align-self: flex-end; }
.files a { color: #3730a3; overflow-wrap: anywhere; }
.status { color: #374151; font-size: 12px; padding: 0 12px 6px; margin: 0; }
.status:empty { display: none; }
`;

const CLIP_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5"/></svg>';

/** A size people read: bytes, KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 104.8576)) / 10} MB`;
}

/** The attach button and its hidden file input; `onFile` is called with the chosen file. */
export function attachControl(onFile: (file: File) => void): {
  button: HTMLButtonElement;
  input: HTMLInputElement;
} {
  const input = document.createElement('input');
  input.type = 'file';
  input.hidden = true;
  input.setAttribute('data-testid', 'webchat-file');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'attach';
  button.setAttribute('aria-label', A.attach);
  button.title = A.attach;
  button.setAttribute('data-testid', 'webchat-attach');
  button.innerHTML = CLIP_ICON; // a constant icon, never visitor or agent text
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file) onFile(file);
  });
  return { button, input };
}

/** Uploads a file as the visitor's message; answers the response (the caller reads its status). */
export function uploadFile(
  api: string,
  headers: Record<string, string>,
  file: File,
  body: string,
  clientId: string,
): Promise<Response> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('clientId', clientId);
  if (body) form.append('body', body);
  return fetch(`${api}/attachments`, { method: 'POST', headers, body: form });
}

/** The error text of a refused upload: the server's plain message (413/415), else a generic one. */
export async function uploadError(res: Response | null): Promise<string> {
  if (res && (res.status === 413 || res.status === 415)) {
    const answer = (await res.json().catch(() => null)) as { message?: string } | null;
    if (answer?.message) return answer.message;
  }
  return A.notSent;
}

/** The list of a message's files: download links (opened in a new tab) with name and size. */
export function renderFiles(
  files: readonly WidgetAttachment[],
  direction: string,
  base: string,
  token: string | null,
): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'files';
  list.setAttribute('data-direction', direction);
  list.setAttribute('data-testid', 'webchat-files');
  for (const f of files) {
    const item = document.createElement('li');
    if (f.url && token) {
      const link = document.createElement('a');
      link.href = `${base}${f.url}?token=${encodeURIComponent(token)}`;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.textContent = A.download(f.filename, formatSize(f.size));
      item.append(link);
    } else item.textContent = A.unavailable(f.filename);
    list.append(item);
  }
  return list;
}
