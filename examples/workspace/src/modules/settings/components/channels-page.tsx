import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, Mail, MessageCircle, MessageSquare, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge, Button, Field, Input, Page, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { channelsQuery, settingsKeys, updateChannel } from '../api/settings-api';
import type { ChannelSetting } from '../api/types';
import { CHANNEL_LABELS, EMAIL_PATTERN, FORM_MESSAGES, PHONE_PATTERN } from '../messages';
import { applyServerIssues, QueryStates, SwitchField } from './controls';
import { errorText } from '../../../lib/error-text';

const CHANNELS: Record<
  ChannelSetting['channel'],
  { icon: ReactNode; address: string; hint: string; placeholder: string }
> = {
  whatsapp: {
    icon: <MessageCircle aria-hidden="true" />,
    address: 'WhatsApp number',
    hint: 'The business number customers write to.',
    placeholder: '+15555550100',
  },
  email: {
    icon: <Mail aria-hidden="true" />,
    address: 'Support address',
    hint: 'Emails to this address become conversations.',
    placeholder: 'support@example.com',
  },
  sms: {
    icon: <MessageSquare aria-hidden="true" />,
    address: 'SMS number',
    hint: 'The number texts are sent from.',
    placeholder: '+15555550100',
  },
  chat: {
    icon: <Globe aria-hidden="true" />,
    address: 'Website',
    hint: 'Where the chat widget runs.',
    placeholder: 'https://example.com',
  },
  voice: {
    icon: <Phone aria-hidden="true" />,
    address: 'Phone number',
    hint: 'The contact-centre number customers call.',
    placeholder: '+15555550199',
  },
};

/** What a channel without a provider on this server does (nothing comes in, replies fail). */
const NOT_CONNECTED: Record<ChannelSetting['channel'], string> = {
  whatsapp:
    'No WhatsApp provider is configured on this server (WHATSAPP_* settings): nothing comes in and replies fail.',
  email:
    'No mail relay is configured on this server (SMTP_URL, INBOUND_SMTP_PORT): nothing comes in and replies fail.',
  sms: 'No SMS provider is configured on this server (TWILIO_* settings): nothing comes in and replies fail.',
  chat: '',
  voice: 'No contact centre is configured on this server (CONNECT_ENDPOINT): calls do not come in.',
};

/** Why an address does not fit its channel (the server's rules), or true. */
function checkAddress(channel: ChannelSetting['channel'], address: string): true | string {
  if (channel === 'email') return EMAIL_PATTERN.test(address) || FORM_MESSAGES.emailNotValid;
  if (channel === 'chat') {
    try {
      const url = new URL(address);
      return (
        (url.protocol === 'https:' && url.hostname.includes('.')) || FORM_MESSAGES.websiteNotValid
      );
    } catch {
      return FORM_MESSAGES.websiteNotValid;
    }
  }
  return PHONE_PATTERN.test(address) || FORM_MESSAGES.phoneNotValid;
}

/** settings/channels: where customers reach the workspace, channel by channel (admin). */
export function ChannelsPage() {
  const session = useSession();
  const query = useQuery(channelsQuery(session.slug));
  return (
    <Page
      title="Channels"
      subtitle="Where customers reach you. Conversations arrive in the inbox from every channel that is on and connected."
      data-testid="settings-channels"
    >
      <QueryStates query={query} label="channels" rows={5}>
        {() => (
          <ul className="settings-stack" aria-label="Channels">
            {query.data?.map((c) => (
              <ChannelCard key={c.channel} channel={c} />
            ))}
          </ul>
        )}
      </QueryStates>
    </Page>
  );
}

function ChannelCard({ channel }: { readonly channel: ChannelSetting }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const meta = CHANNELS[channel.channel];
  const { control, register, handleSubmit, reset, setError, formState } = useForm<{
    enabled: boolean;
    address: string;
  }>({
    values: { enabled: channel.enabled, address: channel.address },
    mode: 'onTouched',
  });
  const enabled = useWatch({ control, name: 'enabled' });
  const save = useMutation({
    mutationFn: (v: { enabled: boolean; address: string }) =>
      updateChannel(session.slug, channel.channel, {
        enabled: v.enabled,
        address: v.address.trim(),
      }),
    onSuccess: async (saved) => {
      reset({ enabled: saved.enabled, address: saved.address });
      toast({
        tone: 'success',
        title: `${CHANNEL_LABELS[saved.channel]} saved`,
        description: saved.enabled ? 'The channel is on.' : 'The channel is off.',
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.channels(session.slug) });
    },
    onError: (error) => {
      if (!applyServerIssues(error, setError, ['address']))
        toast({
          tone: 'danger',
          title: 'The channel was not saved',
          description: errorText(error),
        });
    },
  });
  return (
    <li className="ui-card settings-channel" data-testid={`channel-${channel.channel}`}>
      <form
        className="settings-channel__form"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      >
        <div className="settings-rule__head">
          <span className="settings-link-card__icon">{meta.icon}</span>
          <div className="settings-team__text">
            <h2 className="settings-team__name">
              {CHANNEL_LABELS[channel.channel]}{' '}
              {channel.enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}{' '}
              {channel.connected ? null : (
                <Badge tone="warning" data-testid={`channel-${channel.channel}-not-connected`}>
                  Not connected
                </Badge>
              )}
            </h2>
            <p className="settings-muted">
              {channel.openConversations} open{' '}
              {channel.openConversations === 1 ? 'conversation' : 'conversations'}
            </p>
          </div>
          <SwitchField
            control={control}
            name="enabled"
            label={
              <span className="ui-visually-hidden">{CHANNEL_LABELS[channel.channel]} is on</span>
            }
            data-testid={`channel-${channel.channel}-enabled`}
          />
        </div>
        <div className="settings-channel__body">
          <Field
            label={meta.address}
            hint={channel.connected ? meta.hint : NOT_CONNECTED[channel.channel]}
            error={formState.errors.address?.message}
          >
            {(c) => (
              <Input
                {...c}
                placeholder={meta.placeholder}
                autoComplete="off"
                {...register('address', {
                  validate: (v) =>
                    v.trim() === ''
                      ? !enabled || 'Required to enable the channel'
                      : checkAddress(channel.channel, v.trim()),
                  deps: ['enabled'],
                })}
                data-testid={`channel-${channel.channel}-address`}
              />
            )}
          </Field>
          <Button
            type="submit"
            variant="primary"
            loading={save.isPending}
            disabled={!formState.isDirty}
            data-testid={`channel-${channel.channel}-save`}
          >
            Save
          </Button>
        </div>
        {channel.channel === 'chat' ? (
          <p className="settings-muted" data-testid="channel-chat-snippet">
            Add{' '}
            <code>{`<script src="${location.origin}/widget.js" data-workspace="${session.slug}" async></script>`}</code>{' '}
            to the website, or{' '}
            <a
              href={`/widget/demo/${encodeURIComponent(session.slug)}`}
              target="_blank"
              rel="noreferrer"
            >
              try it on the demo page
            </a>
            .
          </p>
        ) : null}
      </form>
    </li>
  );
}
