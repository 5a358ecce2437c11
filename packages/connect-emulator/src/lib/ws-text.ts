import type { RawData } from 'ws';

/** The UTF-8 text of a web-socket message, however `ws` delivered its bytes. */
export function socketText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString('utf8');
}
