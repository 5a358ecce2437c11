/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { ConnectClient, MonitorContactCommand } from '@aws-sdk/client-connect';
import { CTI_OPERATIONS } from '@x/connect-streams/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_APP_OPERATION_POLICIES } from '../src/agent-app/agent-app-router';
import { CTI_OPERATION_POLICIES } from '../src/cti/service';
import { startHarness, type Harness } from './helpers';

// Authorization: an agent acts only on its own legs; a listener (silent monitor) only listens; barge
// grants what the real service grants. A contact that is not the caller's answers as an unknown
// one (ResourceNotFoundException), a listener that acts gets AccessDeniedException.

let h: Harness;
let jane: string;
let john: string;
let ana: string;
let call: { contactId: string; customer: string; janeLeg: string };

beforeEach(async () => {
  h = await startHarness();
  jane = h.token;
  john = h.emulator.login('john').accessToken;
  ana = h.emulator.login('ana').accessToken;
  await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
  expect((await h.control('POST', '/control/calls', { to: '+15555550001' })).status).toBe(201);
  const contact = (await h.cti('GetAgentSnapshot', {})).body.snapshot.contacts[0];
  expect((await h.cti('AcceptContact', { contactId: contact.contactId })).status).toBe(200);
  call = {
    contactId: contact.contactId,
    customer: contact.connections.find((c: any) => c.type === 'inbound').connectionId,
    janeLeg: contact.connections.find((c: any) => c.type === 'agent').connectionId,
  };
});
afterEach(() => h.close());

/** Ana joins jane's call as a silent monitor (admin API MonitorContact). */
async function monitor(capabilities: ('SILENT_MONITOR' | 'BARGE')[]): Promise<void> {
  const client = new ConnectClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials: h.emulator.adminCredentials,
  });
  const anaId = h.emulator.centre.agentByUsername('ana')!.id;
  await client.send(
    new MonitorContactCommand({
      InstanceId: h.emulator.centre.instanceId,
      ContactId: call.contactId,
      UserId: anaId,
      AllowedMonitorCapabilities: capabilities,
    }),
  );
  client.destroy();
}

/** A body for each contact operation, on jane's call (the customer's leg where a leg is named). */
function contactBody(op: string): Record<string, unknown> {
  const base = { contactId: call.contactId };
  const leg = { ...base, connectionId: call.customer };
  const endpoint = { type: 'phone_number', phoneNumber: '+15555550199' };
  switch (op) {
    case 'CreateAdditionalConnection':
    case 'AddNewConnection':
    case 'TransferContact':
      return { ...base, endpoint };
    case 'DestroyConnection':
    case 'HoldConnection':
    case 'ResumeConnection':
    case 'MuteParticipant':
    case 'UnmuteParticipant':
    case 'ToggleActiveConnections':
      return leg;
    case 'SendDigits':
      return { ...leg, digits: '1' };
    case 'SendSoftphoneCallMetrics':
      return { ...base, softphoneStreamStatistics: [] };
    case 'SendSoftphoneCallReport':
      return { ...base, report: {} };
    case 'UpdateMonitorParticipantState':
      return { ...base, targetMonitorMode: 'BARGE' };
    default:
      return base;
  }
}

const contactOperations = Object.entries(CTI_OPERATION_POLICIES)
  .filter(([, p]) => p.kind === 'contact')
  .map(([op]) => op);

/** Jane's view of her call and the call's legs: what no other agent's call may change. */
async function janesCall(): Promise<unknown> {
  const { snapshot } = (await h.cti('GetAgentSnapshot', {})).body;
  const contact = h.emulator.centre.contacts.get(call.contactId)!;
  return {
    state: snapshot.state.name,
    contacts: snapshot.contacts.map((c: any) => ({
      id: c.contactId,
      state: c.state.type,
      legs: c.connections.map((x: any) => [x.connectionId, x.state.type, x.mute]),
    })),
    legs: contact.connections
      .filter((x) => x.type !== 'monitoring')
      .map((x) => [x.id, x.state, x.mute]),
    digits: contact.digits.length,
  };
}

/** Calls an agent-app operation with a token. */
async function agentApp(token: string, op: string, body: unknown) {
  const res = await fetch(`${h.emulator.url}/agent-app/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-amz-target': op,
      'x-amz-bearer': JSON.stringify({ 'lily-auth-emulated': token }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('x-amzn-errortype'), body: await res.json() };
}

function agentAppBody(op: string, domainId: string): Record<string, unknown> {
  const instance = h.emulator.centre.instanceId;
  switch (op) {
    case 'AgentAppService.Lcms.getContact':
      return { contactId: call.contactId, instanceId: instance };
    case 'AgentAppService.Lcms.updateVoiceIdData':
      return {
        ContactId: call.contactId,
        InstanceId: instance,
        CustomerId: 'c-1',
        VoiceIdResult: { SpeakerOptedOut: true },
      };
    case 'startScreenSharing':
      return { InstanceId: instance, ContactId: call.contactId, ParticipantId: call.janeLeg };
    case 'AgentAppService.Nasa.startVoiceIdSession':
      return { contactId: call.contactId, domainId };
    case 'AgentAppService.VoiceId.updateSession':
      return { SessionNameOrId: call.contactId, DomainId: domainId, SpeakerId: 'c-1' };
    default:
      return { SessionNameOrId: call.contactId, DomainId: domainId };
  }
}

describe('authorisation (issue 18): every CTI and agent-app operation', () => {
  it('covers every CTI operation with a rule', () => {
    for (const op of CTI_OPERATIONS) expect(CTI_OPERATION_POLICIES).toHaveProperty(op);
  });

  it("a second agent's token: every operation on jane's contact is ResourceNotFoundException, and nothing changes", async () => {
    const before = await janesCall();
    for (const op of contactOperations) {
      const r = await h.cti(op, contactBody(op), { token: john });
      expect([op, r.status, r.body.__type]).toEqual([op, 404, 'ResourceNotFoundException']);
      expect(r.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    }
    for (const type of ['web_rtc', 'chat_token']) {
      const r = await h.cti(
        'CreateTransport',
        { transportType: type, contactId: call.contactId, participantId: 'p' },
        { token: john },
      );
      expect([type, r.body.__type]).toEqual([type, 'ResourceNotFoundException']);
    }
    // The operations on the caller's own agent touch only john.
    for (const [op, policy] of Object.entries(CTI_OPERATION_POLICIES)) {
      if (policy.kind !== 'agent') continue;
      const r = await h.cti(op, {}, { token: john });
      expect(r.status, op).toBeLessThan(500);
    }
    expect(await janesCall()).toEqual(before);
  });

  it("a second agent's token: every agent-app operation on jane's contact is refused", async () => {
    const { domainId } = (await h.control('GET', '/control/voice-id/settings')).body;
    const before = await janesCall();
    for (const [op, policy] of Object.entries(AGENT_APP_OPERATION_POLICIES)) {
      if (policy.kind !== 'contact') continue;
      const r = await agentApp(john, op, agentAppBody(op, domainId));
      expect([op, r.status, r.type]).toEqual([op, 404, 'ResourceNotFoundException']);
    }
    // Jane herself may (the refusals are not of the operation itself).
    const own = await agentApp(
      jane,
      'AgentAppService.Lcms.getContact',
      agentAppBody('AgentAppService.Lcms.getContact', domainId),
    );
    expect(own.status).toBe(200);
    expect((await h.control('GET', '/control/voice-id/lcms-updates')).body.updates).toEqual([]);
    expect(await janesCall()).toEqual(before);
  });

  it("a silent monitor's token: it listens (reports, leaves) but every action is AccessDeniedException", async () => {
    await monitor(['SILENT_MONITOR']);
    const before = await janesCall();
    for (const op of contactOperations) {
      const policy = CTI_OPERATION_POLICIES[op as keyof typeof CTI_OPERATION_POLICIES];
      const r = await h.cti(op, contactBody(op), { token: ana });
      const onOthersLeg = ['DestroyConnection', 'MuteParticipant', 'UnmuteParticipant'].includes(
        op,
      );
      if (policy.kind === 'contact' && (policy.access === 'act' || onOthersLeg))
        expect([op, r.status, r.body.__type]).toEqual([op, 403, 'AccessDeniedException']);
      else expect([op, r.status]).not.toEqual([op, 404]);
    }
    const { domainId } = (await h.control('GET', '/control/voice-id/settings')).body;
    for (const [op, policy] of Object.entries(AGENT_APP_OPERATION_POLICIES)) {
      if (policy.kind !== 'contact') continue;
      const r = await agentApp(ana, op, agentAppBody(op, domainId));
      if (policy.access === 'act')
        expect([op, r.status, r.type]).toEqual([op, 403, 'AccessDeniedException']);
      else expect([op, r.status]).toEqual([op, 200]);
    }
    expect(await janesCall()).toEqual(before);
    // Leaving is listening: the monitor's own leg.
    const anaAgent = h.emulator.centre.agentByUsername('ana')!;
    const own = h.emulator.centre.contacts
      .get(call.contactId)!
      .connections.find((x) => x.agentId === anaAgent.id)!;
    const leave = await h.cti(
      'DestroyConnection',
      { contactId: call.contactId, connectionId: own.id },
      { token: ana },
    );
    expect(leave.status).toBe(200);
    expect(h.emulator.centre.contacts.get(call.contactId)!.state).toBe('connected');
  });

  it('barge grants what the agent can do: the barging supervisor holds and resumes the customer', async () => {
    await monitor(['SILENT_MONITOR', 'BARGE']);
    const hold = { contactId: call.contactId, connectionId: call.customer };
    expect((await h.cti('HoldConnection', hold, { token: ana })).body.__type).toBe(
      'AccessDeniedException',
    );
    const barge = await h.cti(
      'UpdateMonitorParticipantState',
      { contactId: call.contactId, targetMonitorMode: 'BARGE' },
      { token: ana },
    );
    expect(barge.status).toBe(200);
    expect((await h.cti('HoldConnection', hold, { token: ana })).status).toBe(200);
    expect((await h.cti('ResumeConnection', hold, { token: ana })).status).toBe(200);
    // Back to silent: listening only again.
    await h.cti(
      'UpdateMonitorParticipantState',
      { contactId: call.contactId, targetMonitorMode: 'SILENT_MONITOR' },
      { token: ana },
    );
    expect((await h.cti('HoldConnection', hold, { token: ana })).body.__type).toBe(
      'AccessDeniedException',
    );
  });
});
