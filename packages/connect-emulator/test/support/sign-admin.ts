// Signs a raw request to the emulator's admin API with SigV4, the way the AWS SDK clients do
// (signing name `connect`), for tests that send what the SDK cannot (malformed or fuzzed bodies).
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';

/** What to sign with; everything but the credentials defaults to the emulator's. */
export interface AdminSigning {
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly region?: string;
  readonly service?: string;
  /** The signing time (default now). */
  readonly at?: Date;
}

/**
 * The request headers of `init` plus `x-amz-date` and `authorization`, signed over the method,
 * the URL's path and query, the host and the body.
 */
export async function signAdmin(
  url: string,
  init: {
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
  },
  signing: AdminSigning,
): Promise<Record<string, string>> {
  const target = new URL(url);
  const query: Record<string, string> = {};
  for (const part of target.search.slice(1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        return text;
      }
    };
    query[decode(eq < 0 ? part : part.slice(0, eq))] = decode(eq < 0 ? '' : part.slice(eq + 1));
  }
  const request = new HttpRequest({
    method: init.method ?? 'GET',
    protocol: target.protocol,
    hostname: target.hostname,
    port: Number(target.port),
    path: target.pathname,
    query,
    headers: { ...init.headers, host: target.host },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const signer = new SignatureV4({
    credentials: signing.credentials,
    region: signing.region ?? 'us-east-1',
    service: signing.service ?? 'connect',
    sha256: Hash.bind(null, 'sha256'),
    applyChecksum: false,
  });
  const signed = await signer.sign(request, { signingDate: signing.at ?? new Date() });
  const { host: _host, ...headers } = signed.headers;
  return headers;
}
