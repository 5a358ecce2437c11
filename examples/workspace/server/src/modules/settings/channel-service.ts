// Channel settings (admin): which channels are on, their addresses (a number, a mailbox, a
// website) and whether each can reach its provider from this server.
import { CHANNELS } from '../../contract/inbox';
import type { ChannelPatch, ChannelSetting } from '../../contract/settings';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { invalidField } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import { SETTINGS_MESSAGES as M } from './messages';
import { SettingsRepository } from './repository';

export class ChannelSettings {
  private readonly repo: SettingsRepository;

  constructor(private readonly services: Services) {
    this.repo = new SettingsRepository(services.db);
  }

  async channels(access: WorkspaceAccess): Promise<ChannelSetting[]> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const [rows, open] = await Promise.all([
      this.repo.channels(ws),
      this.repo.openConversationsByChannel(ws),
    ]);
    return CHANNELS.map((channel) => {
      const row = rows.find((r) => r.channel === channel);
      return {
        channel,
        enabled: row?.enabled ?? false,
        address: row?.address ?? '',
        openConversations: open.find((o) => o.channel === channel)?.count ?? 0,
        // Email needs both ways: the relay out (SMTP_URL) and the listener in (INBOUND_SMTP_PORT).
        connected:
          channel === 'voice'
            ? this.services.config.connect.endpoint !== undefined
            : this.services.channels[channel].connected &&
              (channel !== 'email' || this.services.config.email.inbound !== undefined),
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  }

  async updateChannel(
    access: WorkspaceAccess,
    channel: ChannelSetting['channel'],
    patch: ChannelPatch,
  ): Promise<ChannelSetting> {
    requirePermit(access, 'admin');
    const current = (await this.channels(access)).find((c) => c.channel === channel)!;
    const enabled = patch.enabled ?? current.enabled;
    const address = patch.address ?? current.address;
    if (address !== '') {
      const problem = addressProblem(channel, address);
      if (problem) throw invalidField('body.address', problem);
    } else if (enabled) throw invalidField('body.address', M.addressRequired);
    await this.repo.saveChannel(access.workspace.id, channel, { enabled, address });
    return (await this.channels(access)).find((c) => c.channel === channel)!;
  }
}

/** Why an address does not fit its channel, or null. */
export function addressProblem(channel: ChannelSetting['channel'], address: string): string | null {
  switch (channel) {
    case 'whatsapp':
    case 'sms':
    case 'voice':
      return /^\+[1-9]\d{6,14}$/.test(address) ? null : M.phoneNotValid;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? null : M.emailNotValid;
    case 'chat':
      try {
        const url = new URL(address);
        return url.protocol === 'https:' && url.hostname.includes('.') ? null : M.websiteNotValid;
      } catch {
        return M.websiteNotValid;
      }
  }
}
