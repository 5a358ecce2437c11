import { describe, expect, it } from 'vitest';
import { paths, withTranscriptQuery, withoutTranscriptQuery } from './paths';

describe('routes (§2)', () => {
  it('all routes sit under /ws/{slug}/', () => {
    expect(paths.conversation('acme', 'c1')).toBe('/ws/acme/inbox/all/conversations/c1');
    expect(paths.conversationPart('acme', 'c1', 'p2')).toBe(
      '/ws/acme/inbox/all/conversations/c1/part/p2',
    );
    expect(paths.contactProfile('acme', 'u 1')).toBe('/ws/acme/contacts/users/profile/u%201');
    expect(paths.inboxList('acme', { kind: 'tags', id: 'vip' })).toBe('/ws/acme/inbox/tags/vip');
  });

  it('the transcript query transcript=1 is merged with any existing query', () => {
    expect(withTranscriptQuery('')).toBe('?transcript=1');
    expect(withTranscriptQuery('?q=refund&sort=new')).toBe('?q=refund&sort=new&transcript=1');
    expect(withTranscriptQuery('?transcript=0&q=x')).toBe('?transcript=1&q=x');
    expect(withoutTranscriptQuery('?q=x&transcript=1')).toBe('?q=x');
    expect(withoutTranscriptQuery('?transcript=1')).toBe('');
  });
});
