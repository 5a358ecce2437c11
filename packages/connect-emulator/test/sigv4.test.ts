// The admin API checks SigV4 signatures for real, as Amazon Connect does: the AWS SDK clients
// pass; a wrong secret, a body changed after signing, a stale or future date, another region or
// service, an unsigned Host and a malformed header are refused with AWS's codes and messages.
import { ConnectClient, ListUsersCommand, SearchUsersCommand } from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../src/index';
import { signAdmin } from './support/sign-admin';

const M1 =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

let emulator: Emulator;
let instanceId: string;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => undefined });
  instanceId = emulator.centre.instanceId;
});
afterAll(() => emulator.close());

/** Sends a request signed with the emulator's credentials (and overrides to break it). */
async function send(
  path: string,
  options: {
    method?: string;
    body?: string;
    /** The body sent, when it differs from the body signed. */
    sentBody?: string;
    /** The path sent, when it differs from the path signed. */
    sentPath?: string;
    secret?: string;
    region?: string;
    service?: string;
    at?: Date;
    /** Changes the signed headers before sending. */
    edit?: (headers: Record<string, string>) => Record<string, string>;
  } = {},
) {
  const headers = await signAdmin(
    `${emulator.url}${path}`,
    {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(options.body === undefined ? {} : { body: options.body }),
    },
    {
      credentials: {
        accessKeyId: emulator.adminCredentials.accessKeyId,
        secretAccessKey: options.secret ?? emulator.adminCredentials.secretAccessKey,
      },
      ...(options.region ? { region: options.region } : {}),
      ...(options.service ? { service: options.service } : {}),
      ...(options.at ? { at: options.at } : {}),
    },
  );
  const body = options.sentBody ?? options.body;
  const res = await fetch(`${emulator.url}${options.sentPath ?? path}`, {
    method: options.method ?? 'GET',
    headers: options.edit ? options.edit(headers) : headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('x-amzn-errortype'),
    message: text.startsWith('{') ? (JSON.parse(text) as { Message?: string }).Message : text,
  };
}

describe('admin API SigV4 signatures', () => {
  it('the AWS SDK clients pass (Connect and Contact Lens, GET with a query and POST with a body)', async () => {
    const client = new ConnectClient({
      endpoint: emulator.url,
      region: 'us-east-1',
      credentials: emulator.adminCredentials,
      maxAttempts: 1,
    });
    const lens = new ConnectContactLensClient({
      endpoint: emulator.url,
      region: 'us-east-1',
      credentials: emulator.adminCredentials,
      maxAttempts: 1,
    });
    const users = await client.send(
      new ListUsersCommand({ InstanceId: instanceId, MaxResults: 2 }),
    );
    expect(users.UserSummaryList?.length).toBeGreaterThan(0);
    const found = await client.send(
      new SearchUsersCommand({
        InstanceId: instanceId,
        SearchCriteria: {
          StringCondition: { FieldName: 'Username', Value: 'a b:c/é', ComparisonType: 'CONTAINS' },
        },
      }),
    );
    expect(found.Users).toBeDefined();
    await expect(
      lens.send(
        new ListRealtimeContactAnalysisSegmentsCommand({
          InstanceId: instanceId,
          ContactId: 'no-such-contact',
        }),
      ),
    ).rejects.not.toMatchObject({ name: 'InvalidSignatureException' });
    client.destroy();
    lens.destroy();
  });

  it('a request signed by hand the same way passes (GET with a query, POST with a body)', async () => {
    expect((await send(`/users-summary/${instanceId}?maxResults=1`)).status).toBe(200);
    const body = JSON.stringify({ InstanceId: instanceId });
    expect((await send('/search-users', { method: 'POST', body })).status).toBe(200);
  });

  it('a wrong secret is InvalidSignatureException with the AWS message', async () => {
    const wrong = new ConnectClient({
      endpoint: emulator.url,
      region: 'us-east-1',
      credentials: { accessKeyId: emulator.adminCredentials.accessKeyId, secretAccessKey: 'nope' },
      maxAttempts: 1,
    });
    await expect(
      wrong.send(new ListUsersCommand({ InstanceId: instanceId })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: M1,
      $metadata: { httpStatusCode: 403 },
    });
    wrong.destroy();
  });

  it('a body changed after signing, or a changed query, is refused', async () => {
    const refused = { status: 403, type: 'InvalidSignatureException', message: M1 };
    const body = JSON.stringify({ InstanceId: instanceId });
    const sentBody = JSON.stringify({ InstanceId: instanceId, MaxResults: 1 });
    expect(await send('/search-users', { method: 'POST', body, sentBody })).toEqual(refused);
    const path = `/users-summary/${instanceId}?maxResults=1`;
    expect(await send(path, { sentPath: `/users-summary/${instanceId}?maxResults=2` })).toEqual(
      refused,
    );
  });

  it('a stale or future date is refused with the time window in the message', async () => {
    const path = `/users-summary/${instanceId}`;
    const stale = await send(path, { at: new Date(Date.now() - 16 * 60_000) });
    expect(stale.status).toBe(403);
    expect(stale.type).toBe('InvalidSignatureException');
    expect(stale.message).toMatch(
      /^Signature expired: \d{8}T\d{6}Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 15 min\.\)$/,
    );
    const future = await send(path, { at: new Date(Date.now() + 16 * 60_000) });
    expect(future.message).toMatch(/^Signature not yet current: .* \+ 15 min\.\)$/);
    expect((await send(path, { at: new Date(Date.now() - 10 * 60_000) })).status).toBe(200);
  });

  it('another region or service is refused', async () => {
    const sdkOtherRegion = new ConnectClient({
      endpoint: emulator.url,
      region: 'eu-west-3',
      credentials: emulator.adminCredentials,
      maxAttempts: 1,
    });
    await expect(
      sdkOtherRegion.send(new ListUsersCommand({ InstanceId: instanceId })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: 'Credential should be scoped to a valid region.',
    });
    sdkOtherRegion.destroy();
    expect(await send(`/users-summary/${instanceId}`, { service: 's3' })).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message: "Credential should be scoped to correct service: 'connect'.",
    });
  });

  it('an unsigned Host, a malformed header or a missing date is refused', async () => {
    const path = `/users-summary/${instanceId}`;
    const authorize = (edit: (authorization: string) => string) => (h: Record<string, string>) => ({
      ...h,
      authorization: edit(h['authorization']!),
    });
    expect(
      await send(path, {
        edit: authorize((a) => a.replace(/SignedHeaders=[^,]+/, 'SignedHeaders=x-amz-date')),
      }),
    ).toEqual({
      status: 403,
      type: 'InvalidSignatureException',
      message: "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.",
    });
    expect(
      await send(path, { edit: authorize((a) => a.replace(/, Signature=[0-9a-f]+/, '')) }),
    ).toEqual({
      status: 400,
      type: 'IncompleteSignatureException',
      message: "Authorization header requires 'Signature' parameter.",
    });
    expect(await send(path, { edit: ({ 'x-amz-date': _date, ...rest }) => rest })).toEqual({
      status: 400,
      type: 'IncompleteSignatureException',
      message:
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
    });
  });
});
