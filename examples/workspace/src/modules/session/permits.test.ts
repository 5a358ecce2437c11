import { describe, expect, it } from 'vitest';
import type { Permits } from './api/types';
import { paths } from '../../app/paths';
import { canEditAgents, canOpenCampaigns, canOpenInboxPath, conversationLinkList } from './permits';

const none: Permits = {
  admin: false,
  flag_campaigns: false,
  flag_inbox_shared: false,
  flag_inbox_views: false,
  flag_permissions: false,
  flag_inbox_savedReplies: false,
  flag_addons_voice_live_calls: false,
  flag_reports: false,
};

describe('inbox guard (§2)', () => {
  it('paths containing all, unassigned or tags need the shared-inbox permit', () => {
    for (const path of ['all', 'unassigned', 'tags/t1', 'all/conversations/c1/part/p1']) {
      expect(canOpenInboxPath(path, none)).toBe(false);
      expect(canOpenInboxPath(path, { ...none, flag_inbox_shared: true })).toBe(true);
    }
  });

  it('a path containing views needs the inbox-views permit', () => {
    expect(canOpenInboxPath('views/v1', { ...none, flag_inbox_shared: true })).toBe(false);
    expect(canOpenInboxPath('views/v1', { ...none, flag_inbox_views: true })).toBe(true);
  });

  it('admins pass everything', () => {
    for (const path of ['all', 'unassigned', 'tags/t', 'views/v'])
      expect(canOpenInboxPath(path, { ...none, admin: true })).toBe(true);
  });

  it('the own inbox (mine) needs no permit', () => {
    expect(canOpenInboxPath('mine/conversations/c1', none)).toBe(true);
  });

  it('a conversation link (notification, contact) opens under a list the member may open', () => {
    for (const permits of [none, { ...none, flag_inbox_shared: true }, { ...none, admin: true }]) {
      const path = paths.conversation('acme', 'c1', conversationLinkList(permits));
      const below = path.split('/inbox/')[1]!;
      expect(canOpenInboxPath(below, permits)).toBe(true);
    }
    expect(conversationLinkList({ ...none, flag_inbox_shared: true })).toEqual({ kind: 'all' });
    expect(conversationLinkList(none)).toEqual({ kind: 'mine' });
  });
});

describe('permits (§6)', () => {
  it('flag_campaigns gates the campaigns area; admin passes', () => {
    expect(canOpenCampaigns(none)).toBe(false);
    expect(canOpenCampaigns({ ...none, flag_campaigns: true })).toBe(true);
    expect(canOpenCampaigns({ ...none, admin: true })).toBe(true);
  });

  it('flag_permissions gates settings agents/edit', () => {
    expect(canEditAgents(none)).toBe(false);
    expect(canEditAgents({ ...none, flag_permissions: true })).toBe(true);
  });
});
