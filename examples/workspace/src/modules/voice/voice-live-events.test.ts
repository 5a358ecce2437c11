import { describe, expect, it } from 'vitest';
import { voiceLiveEvent } from './voice-live-events';

describe('voiceLiveEvent', () => {
  it("forwards the server's call and agent events to the voice lists, with their id", () => {
    expect(voiceLiveEvent('call.updated', '{"type":"call.updated","id":"c-1"}')).toEqual({
      type: 'call.updated',
      id: 'c-1',
    });
    expect(voiceLiveEvent('agent.updated', '{"id":"a-1","conversationId":null}')).toEqual({
      type: 'agent.updated',
      id: 'a-1',
    });
  });

  it('leaves out the inbox events, the ready event and unreadable data', () => {
    expect(voiceLiveEvent('message.created', '{"id":"m-1"}')).toBeUndefined();
    expect(voiceLiveEvent('ready', '{}')).toBeUndefined();
    expect(voiceLiveEvent('call.updated', 'not json')).toBeUndefined();
  });
});
