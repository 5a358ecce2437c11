// The contract between the server and the browser client of `@x/react-voice/api`: every schema
// the server declares for a voice route is the shared contract's schema (same JSON Schema), and
// the client itself, over HTTP, runs every voice route against this server and the emulator.
import * as shared from '@x/react-voice/api';
import { createVoiceApiClient, VoiceApiError } from '@x/react-voice/api';
import { z } from '@hono/zod-openapi';
import * as zm from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../src/contract/voice';
import { eventually, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, type TestServer } from './harness';

/** Each server schema and the shared schema it must equal. */
const PAIRS = [
  'communicationTypeSchema',
  'historyCommunicationTypeSchema',
  'agentContactStateSchema',
  'conversationContactSchema',
  'callStartSchema',
  'connectionRecordSchema',
  'agentConnectionSchema',
  'teamSchema',
  'agentIdentitySchema',
  'transferAgentSchema',
  'transferGroupSchema',
  'statusListItemSchema',
  'liveCallItemSchema',
  'callHistoryItemSchema',
  'voiceConfigSchema',
  'startConversationBodySchema',
  'startConversationResponseSchema',
  'connectionResponseSchema',
  'acceptCallResponseSchema',
  'monitorCallBodySchema',
  'monitorCallResponseSchema',
  'liveCallBodySchema',
  'liveCallResponseSchema',
  'contactByPhoneResponseSchema',
  'transfersResponseSchema',
  'transferQuickConnectSchema',
  'agentsStatusResponseSchema',
  'liveCallsResponseSchema',
  'queueMetricsItemSchema',
  'queuesResponseSchema',
  'historySearchTypeSchema',
  'historyBodySchema',
  'historyResponseSchema',
  'transcriptCsvQuerySchema',
  'voiceConfigResponseSchema',
  'afterCallWorkSchema',
  'dispositionsResponseSchema',
  'afterCallWorkBodySchema',
  'afterCallWorkResponseSchema',
] as const;

describe('the voice contract', () => {
  it.each(PAIRS)('the server declares %s exactly as the shared contract', (name) => {
    const ours = z.toJSONSchema(server[name] as z.ZodType);
    const theirs = zm.toJSONSchema(shared[name] as zm.ZodMiniType);
    expect(ours).toEqual(theirs);
  });

  it("the server's error body is the contract's", async () => {
    const { apiErrorSchema } = await import('../src/contract/common');
    expect(z.toJSONSchema(apiErrorSchema)).toEqual(zm.toJSONSchema(shared.apiErrorSchema));
  });
});

describe('the @x/react-voice/api client against this server', () => {
  let cc: TestContactCentre;
  let s: TestServer;
  const client = (token: string) =>
    createVoiceApiClient({ baseUrl: `${s.url}/api`, slug: 'acme', getToken: () => token });

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer('pglite', {
      connectEndpoint: cc.url,
      env: cc.serverEnv,
      listen: true,
    });
    await cc.addWebhook(s.webhookUrl!);
  });
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  it('the shared route paths are the server routes', async () => {
    const doc = (await s.req('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = shared.VOICE_ROUTES;
    const declared = (path: string) => `/api/ws/{slug}${path}`;
    for (const path of [
      routes.config,
      routes.conversation,
      routes.acceptCall,
      routes.monitorCall,
      routes.liveCall,
      routes.transfers,
      routes.agentsStatus,
      routes.liveCalls,
      routes.history,
      routes.transcriptCsv,
      routes.connection('{id}').replace('%7B', '{').replace('%7D', '}'),
      routes.contactByPhone('{phone}').replace('%7B', '{').replace('%7D', '}'),
      routes.recording('{idCommunication}').replace('%7B', '{').replace('%7D', '}'),
    ])
      expect(Object.keys(doc.paths)).toContain(declared(path));
  });

  it('runs every voice route with validated answers', async () => {
    const jane = client(await s.login('jane@acme.test'));
    const ana = client(await s.login('ana@acme.test'));

    expect((await jane.getConfig()).agentUsername).toBe('jane');
    expect(await jane.getContactByPhone('+15555550101')).toMatchObject({ name: 'Maria Garcia' });
    expect(await jane.getContactByPhone('+19999999999')).toBeNull();

    cc.setState('jane', 'Available');
    // offered to jane (the only agent available): the call the app then reports is hers
    const contactId = cc.dialIn('+15555550190');
    cc.setState('john', 'Available');
    const conversation = await jane.startConversation({
      contactPhoneNumber: '+15555550190',
      idCommunication: contactId,
      communicationType: 'inbound',
    });
    expect(conversation.contact.phone).toBe('+15555550190');
    expect((await jane.getConnection(contactId)).idConversation).toBe(conversation.id);
    cc.accept('jane', contactId);
    expect(
      (
        await jane.acceptCall({
          contactPhoneNumber: '+15555550190',
          idCommunication: contactId,
          communicationType: 'inbound',
        })
      ).answered,
    ).toBe(true);

    const transfers = await jane.getTransfers();
    expect(transfers.agents.map((a) => a.name)).toEqual(['John Roe']);
    // no team is mapped to a queue (Settings → Teams): the queues are quick connects
    expect(transfers.groups).toEqual([]);
    expect((transfers.quickConnects ?? []).map((q) => [q.type, q.name]).sort()).toEqual([
      ['phoneNumber', 'Support line'],
      ['queue', 'Sales queue'],
    ]);
    expect((await jane.getAgentsStatus()).length).toBe(4);
    expect((await ana.getLiveCalls()).map((c) => c.connection.idCommunication)).toEqual([
      contactId,
    ]);
    await ana.joinLiveCall(contactId);
    expect(
      (
        await ana.monitorCall({
          idCommunication: `${contactId}-m`,
          previousIdCommunication: contactId,
        })
      ).communicationType,
    ).toBe('monitor');
    await expect(jane.getLiveCalls()).resolves.toHaveLength(1); // jane is admin
    await expect(client(await s.login('john@acme.test')).getLiveCalls()).rejects.toMatchObject({
      status: 403,
      error: 'forbidden',
    });

    cc.advance(5_000);
    cc.hangUp(contactId);
    cc.clear('jane', contactId);
    const item = await eventually(async () => {
      const [first] = await jane.getHistoryPage({ searchType: 'inbound', searchText: '5550190' });
      return first?.idPart ? first : undefined;
    }, 'the call in history');
    expect(item).toMatchObject({ answered: true, recordingDuration: 5 });
    const wav = await eventually(async () => {
      try {
        return await jane.getRecording(item.recordingUrl!);
      } catch (error) {
        if (error instanceof VoiceApiError && error.error === 'recording_not_ready')
          return undefined;
        throw error;
      }
    }, 'the recording');
    expect(new TextDecoder().decode((await wav.arrayBuffer()).slice(0, 4))).toBe('RIFF');
    const csv = await eventually(async () => {
      try {
        return await jane.getTranscriptCsv({
          idConversation: item.idConversation!,
          idPart: item.idPart!,
        });
      } catch (error) {
        if (error instanceof VoiceApiError && error.error === 'transcript_not_ready')
          return undefined;
        throw error;
      }
    }, 'the transcript');
    expect((await csv.text()).startsWith('participantRole,')).toBe(true);
    expect(
      await jane.getHistoryPage({ searchType: 'inbound', searchText: '5550190', lastId: item.id }),
    ).toEqual([]);
    cc.setState('jane', 'Offline');
    cc.setState('john', 'Offline');
  });
});
