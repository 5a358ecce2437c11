import { describe, expect, it } from 'vitest';
import { VoiceApiError } from '../api/errors';
import { createMemoryVoiceApi } from './memory-voice-api';

const URLS = {
  ccpUrl: 'http://127.0.0.1:4700/connect/ccp-v2/',
  loginUrl: 'http://127.0.0.1:4700/login?username=jane',
};

describe('createMemoryVoiceApi', () => {
  it('gives the configuration of a voice plan with the panel and sign-in URLs', async () => {
    const config = await createMemoryVoiceApi(URLS).getConfig();
    expect(config).toMatchObject({
      planVoice: true,
      connect: { instanceStatus: 'CREATED', region: 'us-east-1' },
      ...URLS,
      agentUsername: 'jane',
    });
    // Without a username anywhere the voice module still starts; null turns it off.
    const plain = { ...URLS, loginUrl: 'http://127.0.0.1:4700/login' };
    expect((await createMemoryVoiceApi(plain).getConfig()).agentUsername).toBe('agent');
    const none = createMemoryVoiceApi({ ...URLS, agentUsername: null });
    expect((await none.getConfig()).agentUsername).toBeNull();
  });

  it('keeps one conversation per phone number, marks accepted calls answered, and lists them newest first', async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const api = createMemoryVoiceApi({
      ...URLS,
      contacts: [{ name: 'Ada Lovelace', phone: '+15555550123', avatar: null }],
      now: () => (now += 1000),
    });
    const first = await api.startConversation({
      contactPhoneNumber: '+15555550123',
      idCommunication: 'c-1',
      communicationType: 'inbound',
    });
    expect(first.contact.name).toBe('Ada Lovelace');
    await api.acceptCall({
      contactPhoneNumber: '+15555550123',
      idCommunication: 'c-1',
      communicationType: 'inbound',
    });
    const second = await api.startConversation({
      contactPhoneNumber: '+15555550123',
      idCommunication: 'c-2',
      communicationType: 'inbound',
    });
    expect(second.id).toBe(first.id);
    const stranger = await api.startConversation({
      contactPhoneNumber: '+15555550999',
      idCommunication: 'c-3',
      communicationType: 'outbound',
    });
    expect(stranger.contact.name).toBe('+15555550999');

    expect((await api.getConnection('c-1')).answered).toBe(true);
    const all = await api.getHistoryPage({ searchType: 'all', searchText: '' });
    expect(all.map((h) => h.idCommunication)).toEqual(['c-3', 'c-2', 'c-1']);
    const missed = await api.getHistoryPage({ searchType: 'missed', searchText: 'ada' });
    expect(missed.map((h) => h.idCommunication)).toEqual(['c-2']);
    expect(await api.getHistoryPage({ searchType: 'all', searchText: '', lastId: 'c-1' })).toEqual(
      [],
    );
  });

  it('answers 404 for an unknown connection, a recording and a transcript', async () => {
    const api = createMemoryVoiceApi(URLS);
    await expect(api.getConnection('nope')).rejects.toMatchObject({ status: 404 });
    await expect(api.getRecording('/r')).rejects.toBeInstanceOf(VoiceApiError);
    await expect(api.getTranscriptCsv({ idConversation: 'a', idPart: 'b' })).rejects.toMatchObject({
      error: 'not_found',
    });
  });
});
