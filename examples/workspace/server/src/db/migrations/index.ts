import { platform } from './0001-platform';
import { inbox } from './0002-inbox';
import { voice } from './0003-voice';
import { campaignTemplates } from './0004-campaign-templates';
import { voiceHistory } from './0005-voice-history';
import { campaigns } from './0006-campaigns';
import { settings } from './0007-settings';
import { hardening } from './0008-hardening';
import { channels } from './0009-channels';
import { smsWhatsapp } from './0010-sms-whatsapp';
import { campaignChannels } from './0011-campaign-channels';
import { csat } from './0012-csat';
import { attachments } from './0013-attachments';
import { inboundQueue } from './0014-inbound-queue';
import { sendInFlight } from './0015-send-in-flight';
import { afterCallWork } from './0016-after-call-work';
import { defaultCountry } from './0017-default-country';
import { teamQueues } from './0018-team-queues';
import { conversationTriage } from './0019-conversation-triage';
import { memberPreferences } from './0020-member-preferences';
import { contactLifecycle } from './0021-contact-lifecycle';
import { teamAdmin } from './0022-team-admin';
import { contactData } from './0023-contact-data';
import { teamInvitations } from './0024-team-invitations';
import { notifications } from './0025-notifications';
import { reports } from './0026-reports';
import { integrationRuns } from './0027-integration-runs';
import { salesforce } from './0028-salesforce';
import type { SqlMigration } from './types';

/** Every migration, in version order. */
export const MIGRATIONS: readonly SqlMigration[] = [
  platform,
  inbox,
  voice,
  campaignTemplates,
  voiceHistory,
  campaigns,
  settings,
  hardening,
  channels,
  smsWhatsapp,
  campaignChannels,
  csat,
  attachments,
  inboundQueue,
  sendInFlight,
  afterCallWork,
  defaultCountry,
  teamQueues,
  conversationTriage,
  memberPreferences,
  contactLifecycle,
  teamAdmin,
  contactData,
  teamInvitations,
  notifications,
  reports,
  integrationRuns,
  salesforce,
];
