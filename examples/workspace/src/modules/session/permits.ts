import type { InboxList } from '../../app/paths';
import type { Permits } from './api/types';

/**
 * The inbox guard: paths containing `all`, `unassigned` or `tags` need the shared-inbox
 * permit; a path containing `views` needs the inbox-views permit; admins pass everything.
 * `path` is the part below `/ws/{slug}/inbox`.
 */
export function canOpenInboxPath(path: string, permits: Permits): boolean {
  if (permits.admin) return true;
  const segments = path.split('/').filter(Boolean);
  if (segments.some((s) => s === 'all' || s === 'unassigned' || s === 'tags')) {
    if (!permits.flag_inbox_shared) return false;
  }
  if (segments.includes('views') && !permits.flag_inbox_views) return false;
  return true;
}

/**
 * The list a conversation link opens under: the shared inbox for those who may see it, else the
 * member's own list (a link under `all` would send them home).
 */
export function conversationLinkList(permits: Permits): InboxList & { kind: 'all' | 'mine' } {
  return { kind: canOpenInboxPath('all', permits) ? 'all' : 'mine' };
}

/** The campaigns area needs the campaigns permit; admins pass. */
export function canOpenCampaigns(permits: Permits): boolean {
  return permits.admin || permits.flag_campaigns;
}

/** Settings agents/edit needs the permissions permit; admins pass. */
export function canEditAgents(permits: Permits): boolean {
  return permits.admin || permits.flag_permissions;
}

/** Settings message-templates needs the saved-replies permit; admins pass. */
export function canOpenMessageTemplates(permits: Permits): boolean {
  return permits.admin || permits.flag_inbox_savedReplies;
}

/** The Reports area needs the reports permit; admins pass. */
export function canOpenReports(permits: Permits): boolean {
  return permits.admin || permits.flag_reports;
}

/** The Live calls item and tab need the voice live-calls permit. */
export function canSeeLiveCalls(permits: Permits): boolean {
  return permits.flag_addons_voice_live_calls;
}
