import { describe, expect, it, vi } from 'vitest';
import { createVoiceApiClient } from './client';
import { VoiceApiError } from './errors';
import {
  downloadCallRecording,
  downloadCallTranscript,
  recordingFileName,
  transcriptFileName,
} from './downloads';
import { formatVoiceMessage } from '../controller/messages';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function server(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const s: Seen = {
      url: input,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    seen.push(s);
    return answer(s);
  });
  const api = createVoiceApiClient({
    baseUrl: '/api/',
    slug: 'acme',
    getToken: () => 'tok-1',
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { api, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const contact = { id: 'ct-1', name: 'Ada', phone: '+15555550123', avatar: null };
const record = {
  idCommunication: 'c-1',
  idConversation: 'conv-1',
  communicationType: 'inbound',
  previousIdCommunication: null,
  contactPhoneNumber: '+15555550123',
  answered: true,
  createdAt: '2026-03-02T10:00:00.000Z',
};

describe('the product voice API client', () => {
  it('sends the bearer token to /api/ws/{slug}/addons/voice/... and returns the validated answer', async () => {
    const { api, seen } = server(() => json(200, { conversation: { id: 'conv-1', contact } }));
    const conversation = await api.startConversation({
      contactPhoneNumber: '+15555550123',
      idCommunication: 'c-1',
      communicationType: 'outbound',
    });
    expect(conversation).toEqual({ id: 'conv-1', contact });
    expect(seen[0]).toMatchObject({
      url: '/api/ws/acme/addons/voice/conversation',
      method: 'POST',
      headers: { authorization: 'Bearer tok-1', 'content-type': 'application/json' },
      body: {
        call: {
          contactPhoneNumber: '+15555550123',
          idCommunication: 'c-1',
          communicationType: 'outbound',
        },
      },
    });
  });

  it('calls every route of the contract with its method, path and body', async () => {
    const answers: Record<string, unknown> = {
      '/api/ws/acme/addons/voice/connections/c%2F1': { connection: record },
      '/api/ws/acme/addons/voice/acceptCall': { connection: record },
      '/api/ws/acme/addons/voice/monitorCall': {
        connection: { ...record, communicationType: 'monitor', previousIdCommunication: 'c-0' },
      },
      '/api/ws/acme/addons/voice/live-call': { ok: true },
      '/api/ws/acme/addons/voice/transfers?includePending=false': {
        connections: { agents: [], groups: [] },
      },
      '/api/ws/acme/addons/voice/agents/status': { list: [] },
      '/api/ws/acme/addons/voice/live-calls': { list: [] },
      '/api/ws/acme/addons/voice/history?lastId=h-9': { list: [] },
      '/api/ws/acme/v2/campaign-templates': { campaignTemplates: [] },
    };
    const { api, seen } = server((s) => json(200, answers[s.url]));
    await api.getConnection('c/1');
    await api.acceptCall({
      contactPhoneNumber: '+1',
      idCommunication: 'c-1',
      communicationType: 'inbound',
    });
    await api.monitorCall({ idCommunication: 'c-1', previousIdCommunication: 'c-0' });
    await api.joinLiveCall('c-1');
    await api.getTransfers();
    await api.getAgentsStatus();
    await api.getLiveCalls();
    await api.getHistoryPage({ searchType: 'missed', searchText: 'ada', lastId: 'h-9' });
    await api.searchCampaignTemplates({ text: 'hi', channel: 'whatsapp' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/ws/acme/addons/voice/connections/c%2F1',
      'POST /api/ws/acme/addons/voice/acceptCall',
      'POST /api/ws/acme/addons/voice/monitorCall',
      'POST /api/ws/acme/addons/voice/live-call',
      'GET /api/ws/acme/addons/voice/transfers?includePending=false',
      'GET /api/ws/acme/addons/voice/agents/status',
      'GET /api/ws/acme/addons/voice/live-calls',
      'PATCH /api/ws/acme/addons/voice/history?lastId=h-9',
      'PATCH /api/ws/acme/v2/campaign-templates',
    ]);
    expect(seen[3]!.body).toEqual({ call: { idCommunication: 'c-1' } });
    expect(seen[7]!.body).toEqual({ searchType: 'missed', searchText: 'ada' });
    expect(seen[8]!.body).toEqual({ text: 'hi', channel: 'whatsapp' });
  });

  it('the first history page has no lastId', async () => {
    const { api, seen } = server(() => json(200, { list: [] }));
    await api.getHistoryPage({ searchType: 'all', searchText: '' });
    expect(seen[0]!.url).toBe('/api/ws/acme/addons/voice/history');
  });

  it('a contact look-up answering 404 is no contact', async () => {
    const { api } = server(() => json(404, { error: 'not_found', message: 'No contact.' }));
    expect(await api.getContactByPhone('+15555550123')).toBeNull();
  });

  it('an error answer becomes a VoiceApiError with the status and the error body', async () => {
    const { api } = server(() =>
      json(400, {
        error: 'invalid_request',
        message: 'Bad call.',
        issues: [{ path: 'call.idCommunication', message: 'Required' }],
      }),
    );
    const error = await api.getLiveCalls().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error).toMatchObject({
      status: 400,
      error: 'invalid_request',
      message: 'Bad call.',
      issues: [{ path: 'call.idCommunication', message: 'Required' }],
    });
  });

  it('an answer that does not match its schema is refused (invalid_response)', async () => {
    const { api } = server(() => json(200, { list: [{ agent: 'nope' }] }));
    const error = await api.getAgentsStatus().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, error: 'invalid_response' });
    expect((error as Error).message).toMatch(/list\.0\.agent/);
  });

  it('no answer at all is a network_error', async () => {
    const { api } = server(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await api.getConfig().catch((e: unknown) => e)).toMatchObject({
      status: 0,
      error: 'network_error',
    });
  });

  it('the transcript is fetched as CSV with idConversation and idPart; the recording from its URL', async () => {
    const { api, seen } = server(() => new Response('a,b\n', { status: 200 }));
    const csv = await api.getTranscriptCsv({ idConversation: 'conv-1', idPart: 'p-1' });
    expect(await csv.text()).toBe('a,b\n');
    await api.getRecording('/addons/voice/recordings/c-1');
    await api.getRecording('/ws/acme/addons/voice/recordings/c-2');
    expect(seen.map((s) => s.url)).toEqual([
      '/api/ws/acme/addons/voice/connections/transcript/csv?idConversation=conv-1&idPart=p-1',
      '/api/ws/acme/addons/voice/recordings/c-1',
      '/api/ws/acme/addons/voice/recordings/c-2',
    ]);
    expect(seen[1]!.headers.authorization).toBe('Bearer tok-1');
  });
});

describe('§5/§8 downloads', () => {
  const item = {
    recordingUrl: '/addons/voice/recordings/c-1',
    idConversation: 'conv-1',
    idPart: 'p-1',
  };

  it('the recording filename is voice_call_recording-{timestamp}.wav', async () => {
    const save = vi.fn();
    const api = { getRecording: vi.fn(() => Promise.resolve(new Blob(['RIFF']))) };
    const result = await downloadCallRecording(api, item, { save, now: () => 1772445600000 });
    expect(result).toEqual({
      outcome: 'saved',
      fileName: 'voice_call_recording-1772445600000.wav',
    });
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'voice_call_recording-1772445600000.wav');
    expect(recordingFileName(5)).toBe('voice_call_recording-5.wav');
  });

  it('recording download is disabled without recordingUrl; transcript does nothing without the ids', async () => {
    const api = { getRecording: vi.fn(), getTranscriptCsv: vi.fn() };
    expect(await downloadCallRecording(api, { recordingUrl: null })).toEqual({
      outcome: 'skipped',
    });
    expect(await downloadCallTranscript(api, { idConversation: 'conv-1', idPart: null })).toEqual({
      outcome: 'skipped',
    });
    expect(api.getRecording).not.toHaveBeenCalled();
    expect(api.getTranscriptCsv).not.toHaveBeenCalled();
  });

  it("the transcript is saved as a CSV named with a timestamp; a failure notifies 'Call transcript' / 'is not ready, please try again later.'", async () => {
    const save = vi.fn();
    const ok = { getTranscriptCsv: () => Promise.resolve(new Blob(['a,b'])) };
    expect(await downloadCallTranscript(ok, item, { save, now: () => 7 })).toEqual({
      outcome: 'saved',
      fileName: transcriptFileName(7),
    });
    expect(transcriptFileName(7)).toBe('voice_call_transcript-7.csv');
    const failing = { getTranscriptCsv: () => Promise.reject(new Error('404')) };
    const result = await downloadCallTranscript(failing, item, { save });
    expect(result.outcome).toBe('failed');
    const notification = result.outcome === 'failed' ? result.notification : null;
    expect([
      formatVoiceMessage(notification!.title),
      formatVoiceMessage(notification!.message),
    ]).toEqual(['Call transcript', 'is not ready, please try again later.']);
  });
});
