// The demo data of `npm start`, matching the emulator's demo instance: workspace `acme` (voice
// on, instance CREATED; agents jane, john and ana linked to the emulator's agents) and workspace
// `globex` (voice plan on, instance still being created), users with different permits, teams,
// contacts, conversations with messages, tags, views, saved replies and campaign templates.
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import type { Database } from '../schema';
import { seedCampaigns } from './campaigns';
import { seedSettings } from './settings';

/** The password of every demo user. */
export const DEMO_PASSWORD = 'demo1234';
/** The emulator demo instance (packages/connect-emulator DEMO_SEED). */
export const DEMO_INSTANCE = {
  id: '11111111-2222-3333-4444-555555555555',
  alias: 'demo',
  region: 'us-east-1',
} as const;

type PermitName =
  | 'admin'
  | 'campaigns'
  | 'inbox_shared'
  | 'inbox_views'
  | 'permissions'
  | 'inbox_saved_replies'
  | 'voice_live_calls'
  | 'reports';

export interface SeedUser {
  readonly key: string;
  readonly email: string;
  readonly name: string;
}

export interface SeedMember {
  readonly user: string;
  readonly role: 'admin' | 'supervisor' | 'agent';
  readonly permits: readonly PermitName[];
  /** The contact-centre username of the member's agent (null: not linked to the softphone). */
  readonly connectUsername: string | null;
  readonly teams: readonly string[];
}

export interface SeedConversation {
  readonly contact: string;
  readonly channel: 'whatsapp' | 'email' | 'sms' | 'chat' | 'voice';
  readonly subject: string;
  readonly status: 'open' | 'pending' | 'closed';
  readonly assignee: string | null;
  readonly tags: readonly string[];
  /** Oldest first; `agent:<user>` authors an outbound reply, `contact` an inbound message, `note:<user>` a note. */
  readonly messages: readonly (readonly [string, string])[];
  /** Minutes ago of the last message. */
  readonly ago: number;
}

export interface SeedWorkspace {
  readonly slug: string;
  readonly name: string;
  readonly timeZone: string;
  readonly planVoice: boolean;
  readonly voiceModuleEnabled: boolean;
  readonly instance: {
    readonly status: string;
    readonly id: string | null;
    readonly subdomain: string;
    readonly region: string;
  };
  readonly members: readonly SeedMember[];
  readonly teams: readonly { readonly name: string; readonly emoji: string }[];
  readonly tags: readonly { readonly name: string; readonly color: string }[];
  readonly contacts: readonly {
    readonly key: string;
    readonly name: string;
    readonly phone: string | null;
    readonly email: string | null;
    readonly company: string | null;
  }[];
  readonly conversations: readonly SeedConversation[];
  readonly views: readonly { readonly name: string; readonly filters: Record<string, string> }[];
  readonly savedReplies: readonly { readonly title: string; readonly body: string }[];
  readonly templates: readonly {
    readonly name: string;
    readonly channel: 'whatsapp' | 'email' | 'sms';
    readonly status: 'pending' | 'approved' | 'rejected';
    readonly body: string;
    readonly variables: readonly string[];
  }[];
}

export interface SeedData {
  readonly users: readonly SeedUser[];
  readonly workspaces: readonly SeedWorkspace[];
}

const ALL: PermitName[] = [
  'admin',
  'campaigns',
  'inbox_shared',
  'inbox_views',
  'permissions',
  'inbox_saved_replies',
  'voice_live_calls',
  'reports',
];

export const DEMO_DATA: SeedData = {
  users: [
    { key: 'jane', email: 'jane@acme.test', name: 'Jane Doe' },
    { key: 'john', email: 'john@acme.test', name: 'John Roe' },
    { key: 'ana', email: 'ana@acme.test', name: 'Ana Silva' },
    { key: 'gary', email: 'gary@globex.test', name: 'Gary Globex' },
    { key: 'sam', email: 'sam@both.test', name: 'Sam Lee' },
  ],
  workspaces: [
    {
      slug: 'acme',
      name: 'Acme Inc.',
      timeZone: 'Europe/Madrid',
      planVoice: true,
      voiceModuleEnabled: true,
      instance: {
        status: 'CREATED',
        id: DEMO_INSTANCE.id,
        subdomain: DEMO_INSTANCE.alias,
        region: DEMO_INSTANCE.region,
      },
      members: [
        { user: 'jane', role: 'admin', permits: ALL, connectUsername: 'jane', teams: ['Support'] },
        {
          user: 'john',
          role: 'agent',
          permits: ['inbox_shared'],
          connectUsername: 'john',
          teams: ['Support'],
        },
        {
          user: 'ana',
          role: 'supervisor',
          permits: [
            'inbox_shared',
            'inbox_views',
            'inbox_saved_replies',
            'voice_live_calls',
            'reports',
          ],
          connectUsername: 'ana',
          teams: ['Sales'],
        },
        { user: 'sam', role: 'agent', permits: [], connectUsername: null, teams: [] },
      ],
      teams: [
        { name: 'Support', emoji: '🎧' },
        { name: 'Sales', emoji: '💼' },
      ],
      tags: [
        { name: 'vip', color: 'amber' },
        { name: 'billing', color: 'blue' },
        { name: 'bug', color: 'red' },
      ],
      contacts: [
        {
          key: 'maria',
          name: 'Maria Garcia',
          phone: '+15555550101',
          email: 'maria@example.com',
          company: 'Garcia Foods',
        },
        {
          key: 'li',
          name: 'Li Wei',
          phone: '+15555550102',
          email: 'li.wei@example.com',
          company: null,
        },
        {
          key: 'olivia',
          name: 'Olivia Brown',
          phone: '+15555550103',
          email: 'olivia@example.com',
          company: 'Brown & Co',
        },
        { key: 'noah', name: 'Noah Smith', phone: '+442071234567', email: null, company: null },
        {
          key: 'emma',
          name: 'Emma Wilson',
          phone: null,
          email: 'emma.wilson@example.com',
          company: 'Wilson Ltd',
        },
        {
          key: 'visitor',
          name: 'visitor-5550142',
          phone: '+15555550142',
          email: null,
          company: null,
        },
        {
          key: 'customer',
          name: 'Demo Customer',
          phone: '+15555550123',
          email: null,
          company: null,
        },
      ],
      conversations: [
        {
          contact: 'maria',
          channel: 'whatsapp',
          subject: 'Order #1042 has not arrived',
          status: 'open',
          assignee: 'john',
          tags: ['vip'],
          ago: 12,
          messages: [
            ['contact', 'Hi! My order #1042 was due yesterday and has not arrived.'],
            ['agent:john', 'Sorry about that, Maria. Let me check with the carrier.'],
            ['note:john', 'Carrier says it is held at the depot.'],
            ['contact', 'Thanks, any news?'],
          ],
        },
        {
          contact: 'li',
          channel: 'email',
          subject: 'Invoice question',
          status: 'open',
          assignee: null,
          tags: ['billing'],
          ago: 45,
          messages: [['contact', 'Could you send me a copy of the March invoice?']],
        },
        {
          contact: 'olivia',
          channel: 'sms',
          subject: 'Appointment change',
          status: 'pending',
          assignee: 'jane',
          tags: [],
          ago: 180,
          messages: [
            ['contact', 'Can I move my appointment to Friday?'],
            ['agent:jane', 'Friday at 10:00 works. Shall I book it?'],
          ],
        },
        {
          contact: 'noah',
          channel: 'chat',
          subject: 'App crashes on login',
          status: 'open',
          assignee: 'ana',
          tags: ['bug', 'vip'],
          ago: 300,
          messages: [
            ['contact', 'The app closes as soon as I sign in.'],
            ['agent:ana', 'Which version are you on?'],
            ['contact', '4.2.1 on Android'],
          ],
        },
        {
          contact: 'emma',
          channel: 'email',
          subject: 'Thanks!',
          status: 'closed',
          assignee: 'john',
          tags: [],
          ago: 2_000,
          messages: [
            ['contact', 'Everything works now, thank you.'],
            ['agent:john', 'Glad to hear it, Emma!'],
          ],
        },
        {
          contact: 'visitor',
          channel: 'voice',
          subject: 'Call from +15555550142',
          status: 'open',
          assignee: null,
          tags: [],
          ago: 1_500,
          messages: [['system', 'Missed call from +15555550142']],
        },
      ],
      views: [
        { name: 'Open WhatsApp', filters: { status: 'open', channel: 'whatsapp' } },
        { name: 'VIP', filters: { tag: 'vip' } },
      ],
      savedReplies: [
        { title: 'Greeting', body: 'Hi! Thanks for reaching out. How can I help you today?' },
        { title: 'Looking into it', body: 'Thanks for your patience, I am looking into this now.' },
        { title: 'Closing', body: 'Is there anything else I can help you with?' },
      ],
      templates: [
        {
          name: 'order_update',
          channel: 'whatsapp',
          status: 'approved',
          body: 'Hi {{1}}, your order {{2}} is on its way.',
          variables: ['1', '2'],
        },
        {
          name: 'appointment_reminder',
          channel: 'whatsapp',
          status: 'pending',
          body: 'Reminder: your appointment is on {{1}}.',
          variables: ['1'],
        },
        {
          name: 'promo_spring',
          channel: 'whatsapp',
          status: 'rejected',
          body: 'Spring sale! 50% off everything.',
          variables: [],
        },
        {
          name: 'Monthly newsletter',
          channel: 'email',
          status: 'approved',
          body: '<h1>News from Acme</h1><p>Hello {{name}}</p>',
          variables: ['name'],
        },
        {
          name: 'Delivery SMS',
          channel: 'sms',
          status: 'approved',
          body: 'Acme: your parcel arrives today.',
          variables: [],
        },
      ],
    },
    {
      slug: 'globex',
      name: 'Globex Corporation',
      timeZone: 'America/New_York',
      planVoice: true,
      voiceModuleEnabled: false,
      instance: {
        status: 'CREATION_IN_PROGRESS',
        id: '99999999-8888-7777-6666-555555555555',
        subdomain: 'globex',
        region: 'us-east-1',
      },
      members: [
        { user: 'gary', role: 'admin', permits: ALL, connectUsername: null, teams: ['Operations'] },
        { user: 'sam', role: 'agent', permits: ['inbox_shared'], connectUsername: null, teams: [] },
      ],
      teams: [{ name: 'Operations', emoji: '🛠️' }],
      tags: [{ name: 'urgent', color: 'red' }],
      contacts: [
        {
          key: 'hank',
          name: 'Hank Scorpio',
          phone: '+15555550201',
          email: 'hank@globex.test',
          company: 'Globex',
        },
        { key: 'marge', name: 'Marge Bouvier', phone: '+15555550202', email: null, company: null },
      ],
      conversations: [
        {
          contact: 'hank',
          channel: 'email',
          subject: 'Quarterly plan',
          status: 'open',
          assignee: 'gary',
          tags: ['urgent'],
          ago: 30,
          messages: [['contact', 'Please review the quarterly plan before Monday.']],
        },
        {
          contact: 'marge',
          channel: 'sms',
          subject: 'Question',
          status: 'open',
          assignee: null,
          tags: [],
          ago: 90,
          messages: [['contact', 'Do you ship to Springfield?']],
        },
      ],
      views: [{ name: 'Urgent', filters: { tag: 'urgent' } }],
      savedReplies: [{ title: 'Hello', body: 'Hello from Globex!' }],
      templates: [
        {
          name: 'globex_welcome',
          channel: 'whatsapp',
          status: 'approved',
          body: 'Welcome to Globex, {{1}}.',
          variables: ['1'],
        },
      ],
    },
  ],
};

/** Inserts seed data in one transaction; answers the ids by key (`user:jane`, `acme/contact:maria`, …). */
export async function seed(
  db: Kysely<Database>,
  data: SeedData = DEMO_DATA,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const hashes = await Promise.all(data.users.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    for (const [i, u] of data.users.entries()) {
      const id = newId();
      ids.set(`user:${u.key}`, id);
      await trx
        .insertInto('users')
        .values({ id, email: u.email, name: u.name, avatar_url: null, password_hash: hashes[i]! })
        .execute();
    }
    for (const w of data.workspaces) await seedWorkspace(trx, w, data, ids);
    await seedCampaigns(trx, ids);
    await seedSettings(trx, ids);
  });
  return ids;
}

async function seedWorkspace(
  trx: Transaction<Database>,
  w: SeedWorkspace,
  data: SeedData,
  ids: Map<string, string>,
) {
  const wsId = newId();
  ids.set(`ws:${w.slug}`, wsId);
  const key = (k: string) => `${w.slug}/${k}`;
  await trx
    .insertInto('workspaces')
    .values({
      id: wsId,
      slug: w.slug,
      name: w.name,
      time_zone: w.timeZone,
      plan_voice: w.planVoice,
      voice_module_enabled: w.voiceModuleEnabled,
      connect_instance_status: w.instance.status,
      connect_instance_id: w.instance.id,
      connect_subdomain: w.instance.subdomain,
      connect_region: w.instance.region,
    })
    .execute();
  for (const t of w.teams) {
    const id = newId();
    ids.set(key(`team:${t.name}`), id);
    await trx
      .insertInto('teams')
      .values({ id, workspace_id: wsId, name: t.name, emoji: t.emoji })
      .execute();
  }
  for (const m of w.members) {
    const user = data.users.find((u) => u.key === m.user)!;
    const userId = ids.get(`user:${m.user}`)!;
    const has = (p: PermitName) => m.permits.includes(p);
    await trx
      .insertInto('memberships')
      .values({
        workspace_id: wsId,
        user_id: userId,
        role: m.role,
        permit_admin: has('admin'),
        permit_campaigns: has('campaigns'),
        permit_inbox_shared: has('inbox_shared'),
        permit_inbox_views: has('inbox_views'),
        permit_permissions: has('permissions'),
        permit_inbox_saved_replies: has('inbox_saved_replies'),
        permit_voice_live_calls: has('voice_live_calls'),
        permit_reports: has('reports'),
      })
      .execute();
    const agentId = newId();
    ids.set(key(`agent:${m.user}`), agentId);
    await trx
      .insertInto('agents')
      .values({
        id: agentId,
        workspace_id: wsId,
        user_id: userId,
        name: user.name,
        email: user.email,
        avatar_url: null,
        connect_username: m.connectUsername,
        connect_user_id: null,
      })
      .execute();
    for (const team of m.teams)
      await trx
        .insertInto('team_members')
        .values({ team_id: ids.get(key(`team:${team}`))!, agent_id: agentId })
        .execute();
  }
  for (const t of w.tags) {
    const id = newId();
    ids.set(key(`tag:${t.name}`), id);
    await trx
      .insertInto('tags')
      .values({ id, workspace_id: wsId, name: t.name, color: t.color })
      .execute();
  }
  for (const c of w.contacts) {
    const id = newId();
    ids.set(key(`contact:${c.key}`), id);
    await trx
      .insertInto('contacts')
      .values({
        id,
        workspace_id: wsId,
        name: c.name,
        phone: c.phone,
        email: c.email,
        company: c.company,
        avatar_url: null,
        updated_at: new Date(),
      })
      .execute();
  }
  const now = Date.now();
  for (const [n, conv] of w.conversations.entries()) {
    const id = newId();
    ids.set(key(`conversation:${n}`), id);
    const last = new Date(now - conv.ago * 60_000);
    const first = new Date(last.getTime() - (conv.messages.length - 1) * 5 * 60_000);
    const preview = conv.messages.filter(([who]) => !who.startsWith('note')).at(-1)?.[1] ?? '';
    await trx
      .insertInto('conversations')
      .values({
        id,
        workspace_id: wsId,
        contact_id: ids.get(key(`contact:${conv.contact}`))!,
        channel: conv.channel,
        subject: conv.subject,
        status: conv.status,
        assignee_agent_id: conv.assignee ? ids.get(key(`agent:${conv.assignee}`))! : null,
        last_message_at: last,
        last_message_preview: preview.slice(0, 200),
        created_at: first,
        updated_at: last,
      })
      .execute();
    for (const tag of conv.tags)
      await trx
        .insertInto('conversation_tags')
        .values({ conversation_id: id, tag_id: ids.get(key(`tag:${tag}`))! })
        .execute();
    for (const [i, [who, body]] of conv.messages.entries()) {
      const [kind, user] = who.split(':') as [string, string | undefined];
      await trx
        .insertInto('messages')
        .values({
          id: newId(),
          workspace_id: wsId,
          conversation_id: id,
          kind: kind === 'note' ? 'note' : kind === 'system' ? 'system' : 'message',
          direction: kind === 'contact' ? 'inbound' : kind === 'agent' ? 'outbound' : null,
          author_agent_id: user ? ids.get(key(`agent:${user}`))! : null,
          body,
          id_communication: null,
          created_at: new Date(first.getTime() + i * 5 * 60_000),
        })
        .execute();
    }
  }
  for (const v of w.views)
    await trx
      .insertInto('inbox_views')
      .values({ id: newId(), workspace_id: wsId, name: v.name, filters: JSON.stringify(v.filters) })
      .execute();
  for (const r of w.savedReplies)
    await trx
      .insertInto('saved_replies')
      .values({
        id: newId(),
        workspace_id: wsId,
        title: r.title,
        body: r.body,
        created_by: null,
        updated_at: new Date(),
      })
      .execute();
  for (const t of w.templates)
    await trx
      .insertInto('campaign_templates')
      .values({
        id: newId(),
        workspace_id: wsId,
        name: t.name,
        channel: t.channel,
        status: t.status,
        language: 'en',
        body: t.body,
        variables: JSON.stringify(t.variables),
        updated_at: new Date(),
      })
      .execute();
}

/** Seeds the demo when the database has no workspace yet; answers whether it did. */
export async function seedDemoIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('workspaces').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seed(db);
  return true;
}
