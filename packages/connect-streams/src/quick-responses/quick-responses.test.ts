import { describe, expect, it, vi } from 'vitest';
import { QuickResponses, startScreenSharing, type ScreenSharingContact } from './quick-responses';

describe('quick responses over the API proxy', () => {
  it('isEnabled calls qrIntegrationExists with no payload', async () => {
    const call = vi.fn(() => Promise.resolve({ exists: true }));
    await expect(new QuickResponses(call).isEnabled()).resolves.toEqual({ exists: true });
    expect(call).toHaveBeenCalledWith('qrIntegrationExists', null);
  });

  it('searchQuickResponses sends the query plus the contact attributes', async () => {
    const call = vi.fn(() => Promise.resolve({ results: [] }));
    const sut = new QuickResponses(call, (id) => ({ name: { name: 'name', value: `for-${id}` } }));
    await sut.searchQuickResponses({ query: 'refund', contactId: 'c-1' });
    await sut.searchQuickResponses({ query: 'hi' });
    expect(call.mock.calls).toEqual([
      [
        'qrSearchQuickResponses',
        {
          query: 'refund',
          contactId: 'c-1',
          attributes: { name: { name: 'name', value: 'for-c-1' } },
        },
      ],
      ['qrSearchQuickResponses', { query: 'hi', attributes: undefined }],
    ]);
  });

  it('passes failures through', async () => {
    const sut = new QuickResponses(() => Promise.reject(new Error('nope')));
    await expect(sut.isEnabled()).rejects.toThrow('nope');
  });
});

describe('screen sharing', () => {
  const contact: ScreenSharingContact = {
    contactId: 'c-1',
    subtype: 'connect:WebRTC',
    isConnected: true,
    instanceId: 'i-1',
    agentConnectionId: 'a-1',
  };

  it('is only supported for WebRTC contacts', async () => {
    await expect(
      startScreenSharing(vi.fn(), { ...contact, subtype: 'connect:Telephony' }, vi.fn()),
    ).rejects.toThrow('Screen sharing is only supported for WebRTC contacts.');
  });

  it('needs a connected contact', async () => {
    await expect(
      startScreenSharing(vi.fn(), { ...contact, isConnected: false }, vi.fn()),
    ).rejects.toThrow('Contact c-1 is not connected.');
  });

  it('calls startScreenSharing with InstanceId, ContactId, ParticipantId and broadcasts started', async () => {
    const call = vi.fn(() => Promise.resolve({ ok: 1 }));
    const broadcast = vi.fn();
    await expect(startScreenSharing(call, contact, broadcast)).resolves.toEqual({ ok: 1 });
    expect(call).toHaveBeenCalledWith('startScreenSharing', {
      InstanceId: 'i-1',
      ContactId: 'c-1',
      ParticipantId: 'a-1',
    });
    expect(broadcast).toHaveBeenCalledWith('contact::screen_sharing_started', { contactId: 'c-1' });
  });

  it('broadcasts an error and rethrows when the call fails', async () => {
    const broadcast = vi.fn();
    await expect(
      startScreenSharing(() => Promise.reject(new Error('x')), contact, broadcast),
    ).rejects.toThrow('x');
    expect(broadcast).toHaveBeenCalledWith('contact::screen_sharing_error', { contactId: 'c-1' });
  });

  it('with skipSessionInitiation only broadcasts started', async () => {
    const call = vi.fn();
    const broadcast = vi.fn();
    await startScreenSharing(call, contact, broadcast, true);
    expect(call).not.toHaveBeenCalled();
    expect(broadcast).toHaveBeenCalledOnce();
  });
});
