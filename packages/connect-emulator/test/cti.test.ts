/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { CTI_OPERATIONS, ctiOperationSchemas } from '@x/connect-streams/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function snapshot(): Promise<any> {
  const r = await h.cti('GetAgentSnapshot', { timeout: 0 });
  expect(r.status).toBe(200);
  return r.body;
}

async function available() {
  expect(
    (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
  ).toBe(200);
}

async function ringingCall() {
  await available();
  const dial = await h.control('POST', '/control/calls', { to: '+15555550001' });
  expect(dial.status).toBe(201);
  const contact = (await snapshot()).snapshot.contacts[0];
  const customer = contact.connections.find((c: any) => c.type === 'inbound');
  const agentLeg = contact.connections.find((c: any) => c.type === 'agent');
  return {
    contactId: contact.contactId as string,
    customer: customer.connectionId as string,
    agentLeg: agentLeg.connectionId as string,
  };
}

describe('CTI service: transport and errors', () => {
  it('answers JSON 1.0 with the x-amz-json content type', async () => {
    const r = await h.cti('GetAgentConfiguration');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/x-amz-json-1.0');
  });

  it('Unauthorized 401 for a missing, wrong or expired token', async () => {
    for (const token of [null, 'nope']) {
      const r = await h.cti('GetAgentSnapshot', { timeout: 0 }, { token });
      expect(r.status).toBe(401);
      expect(r.body.__type).toBe('UnauthorizedException');
      expect(r.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    }
    const short = await startHarness({ tokenLifetimeMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const r = await short.cti('GetAgentSnapshot', { timeout: 0 });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/expired/);
    await short.close();
  });

  it('Unauthorized when the body token differs from X-Amz-Bearer', async () => {
    const r = await h.cti(
      'GetAgentConfiguration',
      {},
      { raw: JSON.stringify({ authentication: { authToken: 'other' } }) },
    );
    expect(r.status).toBe(401);
  });

  it('malformed JSON is a SerializationException and changes nothing', async () => {
    const before = await snapshot();
    for (const raw of ['{nope', '[1,2]', '"x"', 'null']) {
      const r = await h.cti('PutAgentState', {}, { raw });
      expect(r.status).toBe(400);
      expect(r.body.__type).toBe('SerializationException');
    }
    expect((await snapshot()).snapshot.state.name).toBe(before.snapshot.state.name);
  });

  it('an unknown target is an UnknownOperationException', async () => {
    for (const op of ['Bogus', 'toString', '__proto__']) {
      const r = await h.cti(op);
      expect(r.status).toBe(400);
      expect(r.body.__type).toBe('UnknownOperationException');
    }
  });

  it('a body that fails the operation schema is an InvalidParameterException', async () => {
    const r = await h.cti('PutAgentState', { state: { name: 'Available', type: 'wrong' } });
    expect(r.status).toBe(400);
    expect(r.body.__type).toBe('InvalidParameterException');
    expect(r.body.message).toMatch(/state\.type/);
  });

  it('wrong ids are ResourceNotFound; the wrong state is InvalidState', async () => {
    await available();
    expect((await h.cti('AcceptContact', { contactId: 'nope' })).body.__type).toBe(
      'ResourceNotFoundException',
    );
    const call = await ringingCall();
    const hold = await h.cti('HoldConnection', {
      contactId: call.contactId,
      connectionId: call.customer,
    });
    expect(hold.body.__type).toBe('InvalidStateException');
    expect(
      (await h.cti('HoldConnection', { contactId: call.contactId, connectionId: 'nope' })).body
        .__type,
    ).toBe('ResourceNotFoundException');
    expect(
      (await h.cti('ClearContact', { contactId: call.contactId }, { auth: false })).body.__type,
    ).toBe('InvalidStateException');
  });

  it('Throttling 429 beyond the per-agent rate limit, however many tokens the agent mints', async () => {
    const slow = await startHarness({ rateLimit: { requestsPerSecond: 0.001, burst: 2 } });
    expect((await slow.cti('GetAgentConfiguration')).status).toBe(200);
    expect((await slow.cti('GetAgentConfiguration')).status).toBe(200);
    const r = await slow.cti('GetAgentConfiguration');
    expect(r.status).toBe(429);
    expect(r.body.__type).toBe('ThrottlingException');
    // A fresh token for the same agent draws on the same bucket.
    const { accessToken: fresh } = slow.emulator.login('jane');
    const minted = await slow.cti('GetAgentConfiguration', {}, { token: fresh });
    expect(minted.status).toBe(429);
    expect(minted.body.__type).toBe('ThrottlingException');
    // Another agent has a bucket of its own.
    const { accessToken: other } = slow.emulator.login('john');
    expect((await slow.cti('GetAgentConfiguration', {}, { token: other })).status).toBe(200);
    await slow.close();
  });

  it('InvalidAgentARN when the body names another agent', async () => {
    const r = await h.cti(
      'GetAgentConfiguration',
      {},
      { raw: JSON.stringify({ authentication: { authToken: h.token, agentARN: 'arn:other' } }) },
    );
    expect(r.status).toBe(400);
    expect(r.body.__type).toBe('InvalidAgentARNException');
  });

  it('QuotaExceeded for more than 500 client log events in one call', async () => {
    const logEvents = Array.from({ length: 501 }, () => ({ component: 'ccp', message: 'x' }));
    expect((await h.cti('SendClientLogs', { logEvents })).body.__type).toBe(
      'QuotaExceededException',
    );
  });

  it('GET and other methods on /api are refused', async () => {
    const r = await fetch(h.emulator.ctiEndpoint);
    expect(r.status).toBe(405);
  });
});

describe('CTI service: every operation', () => {
  it('covers the 33 operations of the protocol', () => {
    expect(CTI_OPERATIONS).toHaveLength(33);
  });

  it('GetAgentSnapshot returns a valid snapshot with an opaque nextToken; /connect/api works too', async () => {
    const body = await snapshot();
    expect(ctiOperationSchemas.GetAgentSnapshot.response.safeParse(body).success).toBe(true);
    expect(body.nextToken).toMatch(/^[A-Za-z0-9_-]+$/);
    const r = await fetch(h.emulator.url + '/connect/api', {
      method: 'POST',
      headers: {
        'x-amz-target': 'AmazonConnectCTIService.GetAgentSnapshot',
        'x-amz-bearer': h.token,
      },
      body: JSON.stringify({ timeout: 0, authentication: { authToken: h.token } }),
    });
    expect(r.status).toBe(200);
  });

  it('GetAgentSnapshot long poll is held until a change, then returns the new snapshot', async () => {
    const first = await snapshot();
    let returned = false;
    const poll = h
      .cti('GetAgentSnapshot', { timeout: 20_000, nextToken: first.nextToken })
      .then((r) => {
        returned = true;
        return r;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(returned).toBe(false);
    await h.cti('PutAgentState', { state: { name: 'Lunch', type: 'not_routable' } });
    const r = await poll;
    expect(r.body.snapshot.state.name).toBe('Lunch');
    expect(r.body.nextToken).not.toBe(first.nextToken);
  });

  it('GetAgentSnapshot returns at the timeout with the same token when nothing changed', async () => {
    const first = await snapshot();
    const r = await h.cti('GetAgentSnapshot', { timeout: 50, nextToken: first.nextToken });
    expect(r.body.nextToken).toBe(first.nextToken);
  });

  it('GetAgentConfiguration returns the configuration with the routing profile ARN of the instance', async () => {
    const r = await h.cti('GetAgentConfiguration');
    expect(ctiOperationSchemas.GetAgentConfiguration.response.safeParse(r.body).success).toBe(true);
    expect(r.body.configuration.routingProfile.routingProfileARN).toMatch(
      /^arn:aws:connect:us-east-1:123456789012:instance\/[0-9a-f-]+\/routing-profile\//,
    );
  });

  it('the four paged list operations page with nextToken and maxResults', async () => {
    const states = await h.cti('GetAgentStates', { maxResults: 2 });
    expect(states.body.states).toHaveLength(2);
    const rest = await h.cti('GetAgentStates', { maxResults: 2, nextToken: states.body.nextToken });
    expect(rest.body.states.map((s: any) => s.name)).toEqual(['Lunch', 'Offline']);
    expect(rest.body.nextToken).toBeNull();
    expect((await h.cti('GetAgentPermissions', { maxResults: 500 })).body.permissions).toEqual([
      'outboundCall',
    ]);
    expect((await h.cti('GetDialableCountryCodes')).body.countryCodes).toEqual(['us', 'ca', 'gb']);
    const config = (await h.cti('GetAgentConfiguration')).body.configuration;
    const queues = await h.cti('GetRoutingProfileQueues', {
      routingProfileARN: config.routingProfile.routingProfileARN,
    });
    expect(queues.body.queues.map((q: any) => q.name)).toEqual([null, 'BasicQueue', 'Sales']);
    expect(queues.body.queues[0].queueARN).toContain('/queue/agent/');
    expect((await h.cti('GetAgentStates', { nextToken: 'garbage' })).body.__type).toBe(
      'PaginationException',
    );
    expect((await h.cti('GetAgentStates', { maxResults: 0 })).body.__type).toBe(
      'InvalidParameterException',
    );
    expect(
      (await h.cti('GetRoutingProfileQueues', { routingProfileARN: 'arn:x' })).body.__type,
    ).toBe('ResourceNotFoundException');
  });

  it('PutAgentState sets the state; with enqueueNextState on a call it sets nextState', async () => {
    const call = await ringingCall();
    await h.cti('AcceptContact', { contactId: call.contactId });
    await h.cti('PutAgentState', {
      state: { name: 'Lunch', type: 'not_routable' },
      enqueueNextState: true,
    });
    const s = (await snapshot()).snapshot;
    expect(s.state.name).toBe('Busy');
    expect(s.nextState.name).toBe('Lunch');
    expect(
      (await h.cti('PutAgentState', { state: { name: 'Nope', type: 'not_routable' } })).body.__type,
    ).toBe('InvalidStateException');
  });

  it('AcceptContact, HoldConnection, ResumeConnection, SendDigits, DestroyConnection, ClearContact', async () => {
    const call = await ringingCall();
    expect((await h.cti('AcceptContact', { contactId: call.contactId })).body).toEqual({});
    expect((await snapshot()).snapshot.state.name).toBe('Busy');
    expect(
      (await h.cti('HoldConnection', { contactId: call.contactId, connectionId: call.customer }))
        .status,
    ).toBe(200);
    let contact = (await snapshot()).snapshot.contacts[0];
    expect(contact.connections.find((c: any) => c.connectionId === call.customer).state.type).toBe(
      'hold',
    );
    expect(
      (await h.cti('ResumeConnection', { contactId: call.contactId, connectionId: call.customer }))
        .status,
    ).toBe(200);
    expect(
      (
        await h.cti('SendDigits', {
          contactId: call.contactId,
          connectionId: call.customer,
          digits: '42#',
        })
      ).status,
    ).toBe(200);
    expect((await h.control('GET', `/control/contacts/${call.contactId}`)).body.digits).toEqual([
      { from: 'agent', digits: '42#' },
    ]);
    expect(
      (await h.cti('DestroyConnection', { contactId: call.contactId, connectionId: call.agentLeg }))
        .status,
    ).toBe(200);
    contact = (await snapshot()).snapshot.contacts[0];
    expect(contact.state.type).toBe('ended');
    expect((await snapshot()).snapshot.state.name).toBe('AfterCallWork');
    expect(
      (await h.cti('ClearContact', { contactId: call.contactId }, { auth: false })).status,
    ).toBe(200);
    expect((await snapshot()).snapshot.state.name).toBe('Available');
  });

  it('CompleteContact ends after-call work like ClearContact', async () => {
    const call = await ringingCall();
    await h.cti('AcceptContact', { contactId: call.contactId });
    await h.control('POST', `/control/contacts/${call.contactId}/hangup`);
    expect(
      (await h.cti('CompleteContact', { contactId: call.contactId }, { auth: false })).status,
    ).toBe(200);
    expect((await snapshot()).snapshot.contacts).toEqual([]);
  });

  it('RejectContact refuses the offer', async () => {
    const call = await ringingCall();
    expect(
      (await h.cti('RejectContact', { contactId: call.contactId }, { auth: false })).status,
    ).toBe(200);
    expect((await snapshot()).snapshot.contacts[0].state.type).toBe('rejected');
  });

  it('CreateOutboundContact rings the customer; BadEndpoint for a bad number', async () => {
    const r = await h.cti('CreateOutboundContact', {
      endpoint: { type: 'phone_number', phoneNumber: '+15555550123' },
    });
    expect(r.body).toEqual({});
    const s = (await snapshot()).snapshot;
    expect(s.state.name).toBe('CallingCustomer');
    expect(s.contacts[0].initiationMethod).toBe('outbound');
    const bad = await h.cti('CreateOutboundContact', {
      endpoint: { type: 'phone_number', phoneNumber: 'abc' },
    });
    expect(bad.body.__type).toBe('BadEndpointException');
  });

  it('GetEndpoints pages 500 per page', async () => {
    const quickConnects = Array.from({ length: 520 }, (_, i) => ({
      type: 'phone_number' as const,
      name: `QC ${i}`,
      phoneNumber: `+1555560${String(i).padStart(4, '0')}`,
    }));
    const big = await startHarness(
      {
        seed: {
          queues: [{ name: 'Q' }],
          routingProfiles: [{ name: 'P', queues: ['Q'] }],
          agents: [{ username: 'a', name: 'A', routingProfile: 'P' }],
          quickConnects,
        },
      },
      'a',
    );
    const first = await big.cti('GetEndpoints', { queueARNs: [], maxResults: 500 });
    expect(first.body.endpoints).toHaveLength(500);
    const second = await big.cti('GetEndpoints', {
      queueARNs: [],
      maxResults: 500,
      nextToken: first.body.nextToken,
    });
    expect(second.body.endpoints).toHaveLength(20);
    expect(second.body.nextToken).toBeNull();
    await big.close();
  });

  it('CreateTransport: web socket URL with lifetime ≥ 300 s, chat token, web_rtc', async () => {
    const ws = await h.cti('CreateTransport', { transportType: 'web_socket' });
    expect(ws.body.webSocketTransport.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws\?token=/);
    expect(ws.body.webSocketTransport.transportLifeTimeInSeconds).toBeGreaterThanOrEqual(300);
    const call = await ringingCall();
    // A chat token is for the agent's own connection of a chat (see chat-contacts.test.ts).
    const chat = await h.cti('CreateTransport', {
      transportType: 'chat_token',
      contactId: call.contactId,
      participantId: 'p',
    });
    expect(chat.body.__type).toBe('InvalidParameterException');
    // Only for a contact the agent is on.
    expect(
      (
        await h.cti('CreateTransport', {
          transportType: 'chat_token',
          contactId: 'c',
          participantId: 'p',
        })
      ).body.__type,
    ).toBe('ResourceNotFoundException');
    const rtc = await h.cti('CreateTransport', {
      transportType: 'web_rtc',
      contactId: call.contactId,
    });
    expect(rtc.body.webRTCTransport.meeting.meetingId).toContain(call.contactId);
    expect((await h.cti('CreateTransport', { transportType: 'carrier_pigeon' })).body.__type).toBe(
      'InvalidParameterException',
    );
  });

  it('GetNewAuthToken issues a new token for the refresh token; RefreshTokenExpired otherwise', async () => {
    const { refreshToken } = h.emulator.login('jane');
    const r = await h.cti('GetNewAuthToken', { refreshToken });
    expect(r.body.newAuthToken).toBeTruthy();
    const again = await h.cti('GetAgentConfiguration', {}, { token: r.body.newAuthToken });
    expect(again.status).toBe(200);
    expect((await h.cti('GetNewAuthToken', { refreshToken: 'nope' })).body.__type).toBe(
      'RefreshTokenExpiredException',
    );
  });

  it('SendClientLogs, SendSoftphoneCallMetrics, SendSoftphoneCallReport and NotifyContactIssue accept well-formed bodies', async () => {
    expect(
      (await h.cti('SendClientLogs', { logEvents: [{ component: 'ccp', message: 'hi' }] })).status,
    ).toBe(200);
    expect((await h.cti('SendClientLogs', {})).body.__type).toBe('InvalidParameterException');
    const call = await ringingCall();
    const { contactId } = call;
    expect(
      (await h.cti('SendSoftphoneCallMetrics', { contactId, softphoneStreamStatistics: [] }))
        .status,
    ).toBe(200);
    expect((await h.cti('SendSoftphoneCallReport', { contactId, report: {} })).status).toBe(200);
    // Only for a contact the agent is (or was) on.
    expect(
      (await h.cti('SendSoftphoneCallMetrics', { contactId: 'c', softphoneStreamStatistics: [] }))
        .body.__type,
    ).toBe('ResourceNotFoundException');
    expect(
      (await h.cti('NotifyContactIssue', { contactId: call.contactId, issueCode: 'x' })).status,
    ).toBe(200);
    expect((await h.cti('NotifyContactIssue', { contactId: 'nope' })).body.__type).toBe(
      'ResourceNotFoundException',
    );
  });

  it('UpdateAgentConfiguration validates the locale (InvalidLocale)', async () => {
    const { configuration } = (await h.cti('GetAgentConfiguration')).body;
    const bad = await h.cti('UpdateAgentConfiguration', {
      configuration: { ...configuration, agentPreferences: { LANGUAGE: 'xx_YY' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.__type).toBe('InvalidConfigurationException');
    expect(bad.body.message).toMatch(/InvalidLocale/);
    const ok = await h.cti('UpdateAgentConfiguration', {
      configuration: { ...configuration, agentPreferences: { LANGUAGE: 'de_DE' } },
    });
    expect(ok.status).toBe(200);
    expect(
      (await h.cti('GetAgentConfiguration')).body.configuration.agentPreferences.LANGUAGE,
    ).toBe('de_DE');
  });
});
