/**
 * A fake product voice API for unit tests: in-memory answers, every call recorded, each method
 * overridable.
 */
import type { VoiceApi } from '../src/api/client';
import type { ConnectionRecord, VoiceConfig } from '../src/api/contract';

export interface FakeApi extends VoiceApi {
  readonly calls: { readonly method: keyof VoiceApi; readonly args: readonly unknown[] }[];
  callsOf(method: keyof VoiceApi): (readonly unknown[])[];
}

export const CONFIG: VoiceConfig = {
  planVoice: true,
  isVoiceModuleEnabled: true,
  connect: { instanceStatus: 'CREATED', instanceId: 'i-1', subdomain: 'acme', region: 'us-east-1' },
  ccpUrl: 'https://test.my.connect.aws/ccp-v2/',
  loginUrl: 'https://test.my.connect.aws/login',
  agentUsername: 'test.agent',
};

export function connectionRecord(over: Partial<ConnectionRecord> = {}): ConnectionRecord {
  return {
    idCommunication: 'contact-1',
    idConversation: 'conv-1',
    communicationType: 'inbound',
    previousIdCommunication: null,
    contactPhoneNumber: '+15555550123',
    answered: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    ...over,
  };
}

export function fakeApi(overrides: Partial<VoiceApi> = {}): FakeApi {
  const calls: FakeApi['calls'] = [];
  const base: VoiceApi = {
    getConfig: () => Promise.resolve(CONFIG),
    startConversation: (call) =>
      Promise.resolve({
        id: `conv-${call.idCommunication}`,
        contact: { id: 'ct-1', name: 'Ada Lovelace', phone: call.contactPhoneNumber, avatar: null },
      }),
    getConnection: (id) =>
      Promise.resolve(connectionRecord({ idCommunication: id, idConversation: `conv-${id}` })),
    acceptCall: (call) =>
      Promise.resolve(
        connectionRecord({
          idCommunication: call.idCommunication,
          idConversation: `conv-${call.idCommunication}`,
          answered: true,
        }),
      ),
    monitorCall: (body) =>
      Promise.resolve(
        connectionRecord({
          idCommunication: body.idCommunication,
          communicationType: 'monitor',
          previousIdCommunication: body.previousIdCommunication,
        }),
      ),
    joinLiveCall: () => Promise.resolve(),
    getContactByPhone: (phone) =>
      Promise.resolve({ id: 'ct-1', name: 'Ada Lovelace', phone, avatar: null }),
    getTransfers: () => Promise.resolve({ agents: [], groups: [] }),
    getAgentsStatus: () => Promise.resolve([]),
    getLiveCalls: () => Promise.resolve([]),
    getHistoryPage: () => Promise.resolve([]),
    getTranscriptCsv: () => Promise.resolve(new Blob(['a,b'])),
    getRecording: () => Promise.resolve(new Blob(['RIFF'])),
    searchCampaignTemplates: () => Promise.resolve([]),
  };
  const api = {} as Record<keyof VoiceApi, (...args: unknown[]) => Promise<unknown>>;
  const keys = new Set([...Object.keys(base), ...Object.keys(overrides)]) as Set<keyof VoiceApi>;
  for (const key of keys) {
    if (key === 'subscribe') continue;
    const impl = (overrides[key] ?? base[key]) as (...args: unknown[]) => Promise<unknown>;
    api[key] = (...args: unknown[]) => {
      calls.push({ method: key, args });
      return impl(...args);
    };
  }
  // The live events are a subscription, not a call: passed through as given.
  if (overrides.subscribe) Object.assign(api, { subscribe: overrides.subscribe });
  return Object.assign(api as unknown as VoiceApi, {
    calls,
    callsOf: (method: keyof VoiceApi) =>
      calls.filter((c) => c.method === method).map((c) => c.args),
  });
}
