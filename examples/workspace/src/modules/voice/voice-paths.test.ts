import { describe, expect, it } from 'vitest';
import { voiceHref } from './voice-paths';

describe('voiceHref', () => {
  it('merges transcript=1 of a call part link with the current query', () => {
    expect(
      voiceHref('/ws/acme/inbox/all/conversations/c1/part/p1?transcript=1', '?q=late&x=1'),
    ).toBe('/ws/acme/inbox/all/conversations/c1/part/p1?q=late&x=1&transcript=1');
  });
  it('does not double a transcript flag already in the query', () => {
    expect(
      voiceHref('/ws/acme/inbox/all/conversations/c1/part/p1?transcript=1', '?transcript=1'),
    ).toBe('/ws/acme/inbox/all/conversations/c1/part/p1?transcript=1');
  });
  it('leaves recording, conversation and contact links as they are', () => {
    expect(voiceHref('/ws/acme/inbox/all/conversations/c1/part/p1', '?q=a')).toBe(
      '/ws/acme/inbox/all/conversations/c1/part/p1',
    );
    expect(voiceHref('/ws/acme/inbox/all/conversations/c1', '?q=a')).toBe(
      '/ws/acme/inbox/all/conversations/c1',
    );
    expect(voiceHref('/ws/acme/contacts/users/profile/u1', '?q=a')).toBe(
      '/ws/acme/contacts/users/profile/u1',
    );
  });
});
