// The settings API: agents and their permits (flag_permissions; the last
// admin stays), teams, assignment rules applied to new conversations, customer satisfaction,
// integrations (secrets encrypted at rest, never answered in full), channels; permits and
// cross-tenant denial; on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentRulesResponseSchema,
  channelsResponseSchema,
  csatResponseSchema,
  salesforceSchema,
  settingsAgentsResponseSchema,
  settingsTeamResponseSchema,
} from '../src/contract/settings';
import { sessionResponseSchema } from '../src/contract/session';
import { InboxService } from '../src/modules/inbox/service';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('settings on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let john: string;
  let ana: string;
  let sam: string;
  let gary: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, john, ana, sam, gary] = (await Promise.all(
      [
        'jane@acme.test',
        'john@acme.test',
        'ana@acme.test',
        'sam@both.test',
        'gary@globex.test',
      ].map((e) => s.login(e)),
    )) as [string, string, string, string, string];
  });
  afterAll(() => s.close());

  const agentId = (user: string, ws = 'acme') => s.id(`${ws}/agent:${user}`);
  const patchAgent = (token: string, id: string, body: unknown, ws = 'acme') =>
    s.req('PATCH', `/api/ws/${ws}/settings/agents/${id}`, { token, body });
  const permitsOf = async (token: string) =>
    sessionResponseSchema.parse((await s.req('GET', '/api/ws/acme/session', { token })).body)
      .session.permits;

  describe('agents', () => {
    it('every member lists the agents with role, permits and teams', async () => {
      const res = await s.req('GET', '/api/ws/acme/settings/agents', { token: sam });
      expect(res.status).toBe(200);
      const { agents } = settingsAgentsResponseSchema.parse(res.body);
      expect(agents.map((a) => a.name)).toEqual(['Ana Silva', 'Jane Doe', 'John Roe', 'Sam Lee']);
      const janeRow = agents.find((a) => a.name === 'Jane Doe')!;
      expect(janeRow).toMatchObject({ role: 'admin', connectUsername: 'jane' });
      expect(janeRow.permits?.admin).toBe(true);
      expect(janeRow.teams.map((t) => t.name)).toEqual(['Support']);
      expect(agents.find((a) => a.name === 'John Roe')!.permits).toMatchObject({
        admin: false,
        flag_inbox_shared: true,
        flag_campaigns: false,
      });
    });

    it('changing permits needs flag_permissions (admins pass); the change is in the next session', async () => {
      expect(
        (await patchAgent(john, agentId('john'), { permits: { flag_campaigns: true } })).status,
      ).toBe(403);
      expect(
        (await patchAgent(ana, agentId('john'), { permits: { flag_campaigns: true } })).status,
      ).toBe(403);
      const res = await patchAgent(jane, agentId('john'), {
        permits: { flag_campaigns: true },
        role: 'supervisor',
      });
      expect(res.status).toBe(200);
      expect(res.body.agent.permits.flag_campaigns).toBe(true);
      expect(res.body.agent.role).toBe('supervisor');
      expect((await permitsOf(john)).flag_campaigns).toBe(true);
      // Other permits are kept.
      expect((await permitsOf(john)).flag_inbox_shared).toBe(true);
    });

    it('a holder of flag_permissions changes permits, but only admins grant or remove admin', async () => {
      expect(
        (await patchAgent(jane, agentId('ana'), { permits: { flag_permissions: true } })).status,
      ).toBe(200);
      const granted = await patchAgent(ana, agentId('john'), {
        permits: { flag_inbox_views: true },
      });
      expect(granted.status).toBe(200);
      expect(granted.body.agent.permits.flag_inbox_views).toBe(true);
      const escalate = await patchAgent(ana, agentId('ana'), { permits: { admin: true } });
      expect(escalate.status).toBe(403);
      expect((await permitsOf(ana)).admin).toBe(false);
    });

    it('nobody removes the last admin of a workspace', async () => {
      const last = await patchAgent(jane, agentId('jane'), { permits: { admin: false } });
      expect(last.status).toBe(409);
      expect(last.body).toEqual({
        error: 'last_admin',
        message: 'A workspace needs at least one admin: make another member admin first.',
      });
      expect((await permitsOf(jane)).admin).toBe(true);
      // With a second admin, one may step down; the remaining one may not.
      expect((await patchAgent(jane, agentId('ana'), { permits: { admin: true } })).status).toBe(
        200,
      );
      expect((await patchAgent(jane, agentId('jane'), { permits: { admin: false } })).status).toBe(
        200,
      );
      expect((await patchAgent(ana, agentId('ana'), { permits: { admin: false } })).status).toBe(
        409,
      );
      expect((await patchAgent(ana, agentId('jane'), { permits: { admin: true } })).status).toBe(
        200,
      );
      expect((await patchAgent(jane, agentId('ana'), { permits: { admin: false } })).status).toBe(
        200,
      );
      expect((await permitsOf(jane)).admin).toBe(true);
      expect((await permitsOf(ana)).admin).toBe(false);
    });

    it('validates the body: names, known permits, teams of the workspace', async () => {
      const empty = await patchAgent(jane, agentId('sam'), { name: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.issues[0].path).toBe('body.name');
      expect(
        (await patchAgent(jane, agentId('sam'), { permits: { flag_nope: true } })).status,
      ).toBe(400);
      const foreignTeam = await patchAgent(jane, agentId('sam'), {
        teamIds: [s.id('globex/team:Operations')],
      });
      expect(foreignTeam.status).toBe(400);
      expect(foreignTeam.body.issues).toEqual([{ path: 'body.teamIds', message: 'Unknown team' }]);
      const renamed = await patchAgent(jane, agentId('sam'), {
        name: 'Samuel Lee',
        teamIds: [s.id('acme/team:Sales')],
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.agent).toMatchObject({ name: 'Samuel Lee', teams: [{ name: 'Sales' }] });
    });

    it("another workspace's agent answers 404; a non-member gets 404 for the workspace", async () => {
      expect(
        (await s.req('GET', `/api/ws/globex/settings/agents/${agentId('jane')}`, { token: gary }))
          .status,
      ).toBe(404);
      expect((await patchAgent(gary, agentId('jane'), { name: 'x' }, 'globex')).status).toBe(404);
      expect((await s.req('GET', '/api/ws/acme/settings/agents', { token: gary })).status).toBe(
        404,
      );
      expect((await s.req('GET', '/api/ws/acme/settings/agents')).status).toBe(401);
    });
  });

  describe('teams', () => {
    let teamId: string;

    it('a holder of flag_permissions creates a team with a name, an emoji and members', async () => {
      const body = {
        name: 'Night shift',
        emoji: '🌙',
        memberIds: [agentId('john'), agentId('ana')],
      };
      expect(
        (await s.req('POST', '/api/ws/acme/settings/teams', { token: john, body })).status,
      ).toBe(403);
      const res = await s.req('POST', '/api/ws/acme/settings/teams', { token: jane, body });
      expect(res.status).toBe(201);
      const { team } = settingsTeamResponseSchema.parse(res.body);
      teamId = team.id;
      expect(team).toMatchObject({ name: 'Night shift', emoji: '🌙' });
      expect(team.members.map((m) => m.name)).toEqual(['Ana Silva', 'John Roe']);
      // The workspace team list (voice transfer groups, agent list by team) shows it.
      const teams = (await s.req('GET', '/api/ws/acme/teams', { token: sam })).body.teams;
      expect(teams.find((t: { id: string }) => t.id === teamId)).toMatchObject({
        name: 'Night shift',
        emoji: '🌙',
        memberIds: expect.arrayContaining([agentId('john'), agentId('ana')]),
      });
      const agents = (await s.req('GET', '/api/ws/acme/agents', { token: sam })).body.agents;
      expect(
        agents
          .find((a: { id: string }) => a.id === agentId('john'))
          .teams.map((t: { name: string }) => t.name),
      ).toContain('Night shift');
    });

    it('names are unique per workspace (any case); emoji is one emoji; members are agents of the workspace', async () => {
      const dup = await s.req('POST', '/api/ws/acme/settings/teams', {
        token: jane,
        body: { name: 'night SHIFT' },
      });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('team_exists');
      // Another workspace may use the name.
      expect(
        (
          await s.req('POST', '/api/ws/globex/settings/teams', {
            token: gary,
            body: { name: 'Night shift' },
          })
        ).status,
      ).toBe(201);
      for (const emoji of ['ab', '🌙🌙', ''])
        expect(
          (
            await s.req('POST', '/api/ws/acme/settings/teams', {
              token: jane,
              body: { name: 'E', emoji },
            })
          ).status,
        ).toBe(400);
      const foreign = await s.req('POST', '/api/ws/acme/settings/teams', {
        token: jane,
        body: { name: 'Mixed', memberIds: [agentId('gary', 'globex')] },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.issues).toEqual([{ path: 'body.memberIds', message: 'Unknown agent' }]);
    });

    it('edits and deletes a team; another workspace cannot touch it', async () => {
      const edited = await s.req('PATCH', `/api/ws/acme/settings/teams/${teamId}`, {
        token: jane,
        body: { name: 'Late shift', emoji: '🦉', memberIds: [agentId('jane')] },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.team).toMatchObject({
        name: 'Late shift',
        emoji: '🦉',
        members: [{ name: 'Jane Doe' }],
      });
      expect(
        (
          await s.req('PATCH', `/api/ws/globex/settings/teams/${teamId}`, {
            token: gary,
            body: { name: 'x' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await s.req('DELETE', `/api/ws/globex/settings/teams/${teamId}`, { token: gary })).status,
      ).toBe(404);
      expect(
        (await s.req('DELETE', `/api/ws/acme/settings/teams/${teamId}`, { token: sam })).status,
      ).toBe(403);
      expect(
        (await s.req('DELETE', `/api/ws/acme/settings/teams/${teamId}`, { token: jane })).status,
      ).toBe(204);
      expect(
        (await s.req('DELETE', `/api/ws/acme/settings/teams/${teamId}`, { token: jane })).status,
      ).toBe(404);
      const teams = (await s.req('GET', '/api/ws/acme/settings/teams', { token: sam })).body.teams;
      expect(teams.map((t: { name: string }) => t.name)).toEqual(['Sales', 'Support']);
    });
  });

  describe('assignment rules', () => {
    const open = async (channel: 'whatsapp' | 'sms' | 'email' | 'chat') => {
      const inbox = new InboxService(s.services);
      const { assigneeId } = await inbox.openConversation({
        workspaceId: s.id('ws:acme'),
        contactId: s.id('acme/contact:li'),
        channel,
        subject: 'New conversation',
      });
      return assigneeId;
    };

    it('only admins read and change the rules', async () => {
      expect(
        (await s.req('GET', '/api/ws/acme/settings/assignment-rules', { token: ana })).status,
      ).toBe(403);
      const res = await s.req('GET', '/api/ws/acme/settings/assignment-rules', { token: jane });
      const { rules } = assignmentRulesResponseSchema.parse(res.body);
      expect(rules).toMatchObject([
        {
          teamName: 'Support',
          strategy: 'round_robin',
          channels: ['whatsapp', 'chat'],
          enabled: true,
        },
      ]);
      expect(
        (
          await s.req('PUT', `/api/ws/acme/settings/assignment-rules/${s.id('acme/team:Sales')}`, {
            token: john,
            body: { strategy: 'least_busy' },
          })
        ).status,
      ).toBe(403);
    });

    it('round-robin: new conversations on the rule’s channels go to the team members in turn', async () => {
      const picks = [await open('whatsapp'), await open('chat'), await open('whatsapp')];
      // Support is Jane and John (name order).
      expect(picks).toEqual([agentId('jane'), agentId('john'), agentId('jane')]);
      // No rule takes email.
      expect(await open('email')).toBeNull();
    });

    it('round-robin takes turns under concurrent conversations too (the rules are locked while applied)', async () => {
      const picks = await Promise.all(Array.from({ length: 6 }, () => open('chat')));
      expect(picks.filter((p) => p === agentId('jane'))).toHaveLength(3);
      expect(picks.filter((p) => p === agentId('john'))).toHaveLength(3);
    });

    it('least-busy: the member with the fewest open conversations (name order on ties)', async () => {
      const team = await s.req('POST', '/api/ws/acme/settings/teams', {
        token: jane,
        body: { name: 'SMS desk', memberIds: [agentId('ana'), agentId('sam')] },
      });
      const put = await s.req(
        'PUT',
        `/api/ws/acme/settings/assignment-rules/${team.body.team.id}`,
        {
          token: jane,
          body: { strategy: 'least_busy', channels: ['sms'] },
        },
      );
      expect(put.status).toBe(200);
      expect(put.body.rule).toMatchObject({
        teamName: 'SMS desk',
        strategy: 'least_busy',
        channels: ['sms'],
      });
      // Ana has 1 open conversation in the demo, Sam none.
      expect([await open('sms'), await open('sms'), await open('sms')]).toEqual([
        agentId('sam'),
        agentId('ana'),
        agentId('sam'),
      ]);
      // A disabled rule is skipped.
      await s.req('PUT', `/api/ws/acme/settings/assignment-rules/${team.body.team.id}`, {
        token: jane,
        body: { strategy: 'least_busy', channels: ['sms'], enabled: false },
      });
      expect(await open('sms')).toBeNull();
      expect(
        (
          await s.req('DELETE', `/api/ws/acme/settings/assignment-rules/${team.body.team.id}`, {
            token: jane,
          })
        ).status,
      ).toBe(204);
    });

    it("validates strategies and channels; another workspace's team answers 404", async () => {
      const bad = await s.req(
        'PUT',
        `/api/ws/acme/settings/assignment-rules/${s.id('acme/team:Sales')}`,
        {
          token: jane,
          body: { strategy: 'random', channels: ['fax'] },
        },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
        'body.channels.0',
        'body.strategy',
      ]);
      expect(
        (
          await s.req(
            'PUT',
            `/api/ws/acme/settings/assignment-rules/${s.id('globex/team:Operations')}`,
            {
              token: jane,
              body: { strategy: 'round_robin' },
            },
          )
        ).status,
      ).toBe(404);
      expect(
        (await s.req('GET', '/api/ws/globex/settings/assignment-rules', { token: gary })).body
          .rules,
      ).toEqual([]);
    });
  });

  describe('customer satisfaction', () => {
    it('admins read the survey and a summary of the last 30 days', async () => {
      expect(
        (await s.req('GET', '/api/ws/acme/settings/customer-satisfaction', { token: ana })).status,
      ).toBe(403);
      const res = await s.req('GET', '/api/ws/acme/settings/customer-satisfaction', {
        token: jane,
      });
      const csat = csatResponseSchema.parse(res.body);
      expect(csat.settings).toEqual({
        enabled: true,
        question: 'How would you rate the help you received?',
        scale: 5,
      });
      // Demo: 14 fives, 7 fours, 3 threes, 1 two, 1 one.
      expect(csat.summary.responses).toBe(26);
      expect(csat.summary.distribution).toEqual([
        { score: 1, count: 1 },
        { score: 2, count: 1 },
        { score: 3, count: 3 },
        { score: 4, count: 7 },
        { score: 5, count: 14 },
      ]);
      expect(csat.summary.average).toBe(Math.round(((1 + 2 + 9 + 28 + 70) / 26) * 100) / 100);
      expect(csat.summary.satisfiedShare).toBe(Math.round((21 / 26) * 1000) / 1000);
      // Older responses are left out.
      await sql`INSERT INTO csat_responses (id, workspace_id, scale, score, created_at)
        VALUES ('old', ${s.id('ws:acme')}, 5, 1, now() - interval '40 days')`.execute(
        s.services.db,
      );
      const again = await s.req('GET', '/api/ws/acme/settings/customer-satisfaction', {
        token: jane,
      });
      expect(again.body.summary.responses).toBe(26);
    });

    it('saves the survey: on/off, question, scale; validates them', async () => {
      const saved = await s.req('PUT', '/api/ws/acme/settings/customer-satisfaction', {
        token: jane,
        body: { enabled: false, question: 'Did we solve it?', scale: 10 },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.settings).toEqual({
        enabled: false,
        question: 'Did we solve it?',
        scale: 10,
      });
      expect(saved.body.summary.distribution).toHaveLength(10);
      expect(saved.body.summary.responses).toBe(0);
      for (const body of [
        { enabled: true, question: '', scale: 5 },
        { enabled: true, question: 'Q', scale: 7 },
        { enabled: 'yes', question: 'Q', scale: 5 },
      ])
        expect(
          (await s.req('PUT', '/api/ws/acme/settings/customer-satisfaction', { token: jane, body }))
            .status,
        ).toBe(400);
      const globex = await s.req('GET', '/api/ws/globex/settings/customer-satisfaction', {
        token: gary,
      });
      expect(globex.body.settings.enabled).toBe(false);
      expect(globex.body.summary.responses).toBe(0);
    });
  });

  describe('integrations', () => {
    const secret = 'sf-consumer-secret-1234567890-WXYZ';
    const salesforce = {
      enabled: true,
      config: {
        instanceUrl: 'https://acme.my.salesforce.com',
        clientId: '3MVG9consumer-key-abcdef',
        syncContacts: true,
        logCalls: false,
      },
      clientSecret: secret,
    };

    it('stores the Salesforce secret encrypted and answers it only masked', async () => {
      expect(
        (
          await s.req('PUT', '/api/ws/acme/settings/integrations/salesforce', {
            token: ana,
            body: salesforce,
          })
        ).status,
      ).toBe(403);
      const res = await s.req('PUT', '/api/ws/acme/settings/integrations/salesforce', {
        token: jane,
        body: salesforce,
      });
      expect(res.status).toBe(200);
      const saved = salesforceSchema.parse(res.body);
      expect(saved.clientSecret).toEqual({ set: true, preview: '••••••••WXYZ' });
      expect(saved.config).toEqual(salesforce.config);
      expect(res.text).not.toContain(secret);
      const read = await s.req('GET', '/api/ws/acme/settings/integrations/salesforce', {
        token: jane,
      });
      expect(read.text).not.toContain(secret);
      expect(read.body.clientSecret).toEqual({ set: true, preview: '••••••••WXYZ' });
      // At rest: no plain text anywhere in the row; nor in the logs.
      const row = await sql<{ row: string }>`SELECT i::text AS row FROM integrations i
        WHERE workspace_id = ${s.id('ws:acme')} AND kind = 'salesforce'`.execute(s.services.db);
      expect(row.rows[0]!.row).not.toContain(secret);
      expect(row.rows[0]!.row).toContain('v1.');
      expect(s.logs.join('\n')).not.toContain(secret);
      // Saving without the secret keeps the stored one.
      const { clientSecret: _omitted, ...withoutSecret } = salesforce;
      const kept = await s.req('PUT', '/api/ws/acme/settings/integrations/salesforce', {
        token: jane,
        body: { ...withoutSecret, config: { ...salesforce.config, logCalls: true } },
      });
      expect(kept.body.clientSecret.preview).toBe('••••••••WXYZ');
      expect(kept.body.config.logCalls).toBe(true);
      const list = await s.req('GET', '/api/ws/acme/settings/integrations', { token: jane });
      expect(list.body.integrations).toMatchObject([
        { kind: 'salesforce', enabled: true, configured: true },
        { kind: 'googleMeet', enabled: false, configured: false },
      ]);
    });

    it('validates the settings; enabling needs a secret', async () => {
      const badUrl = await s.req('PUT', '/api/ws/acme/settings/integrations/salesforce', {
        token: jane,
        body: { ...salesforce, config: { ...salesforce.config, instanceUrl: 'http://evil.test' } },
      });
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.issues[0].path).toBe('body.config.instanceUrl');
      const meet = {
        enabled: true,
        config: {
          serviceAccountEmail: 'meet-bot@acme-prod.iam.gserviceaccount.com',
          delegatedUser: 'calendar@acme.test',
          defaultDurationMinutes: 30,
          addLinkToConversations: true,
        },
      };
      const noKey = await s.req('PUT', '/api/ws/acme/settings/integrations/googleMeet', {
        token: jane,
        body: meet,
      });
      expect(noKey.status).toBe(400);
      expect(noKey.body.issues).toEqual([
        { path: 'body.privateKey', message: 'Required to enable the integration' },
      ]);
      const badKey = await s.req('PUT', '/api/ws/acme/settings/integrations/googleMeet', {
        token: jane,
        body: { ...meet, privateKey: 'not a key' },
      });
      expect(badKey.status).toBe(400);
      const key =
        '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----';
      const ok = await s.req('PUT', '/api/ws/acme/settings/integrations/googleMeet', {
        token: jane,
        body: { ...meet, privateKey: key },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.privateKey).toEqual({ set: true, preview: '••••••••----' });
      expect(ok.text).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7');
    });

    it('another workspace sees none of it; a secret copied to another workspace does not open', async () => {
      const globex = await s.req('GET', '/api/ws/globex/settings/integrations/salesforce', {
        token: gary,
      });
      expect(globex.body).toMatchObject({
        enabled: false,
        config: null,
        clientSecret: { set: false },
      });
      await sql`INSERT INTO integrations (workspace_id, kind, enabled, config, secrets)
        SELECT ${s.id('ws:globex')}, kind, false, config, secrets FROM integrations
        WHERE workspace_id = ${s.id('ws:acme')} AND kind = 'salesforce'`.execute(s.services.db);
      const copied = await s.req('GET', '/api/ws/globex/settings/integrations/salesforce', {
        token: gary,
      });
      expect(copied.body.clientSecret).toEqual({ set: true, preview: null });
    });
  });

  describe('channels', () => {
    it('admins list the channels with their addresses and open conversations', async () => {
      expect((await s.req('GET', '/api/ws/acme/settings/channels', { token: john })).status).toBe(
        403,
      );
      const { channels } = channelsResponseSchema.parse(
        (await s.req('GET', '/api/ws/acme/settings/channels', { token: jane })).body,
      );
      expect(channels.map((c) => [c.channel, c.enabled, c.address])).toEqual([
        ['whatsapp', true, '+15555550100'],
        ['email', true, 'support@acme.test'],
        ['sms', true, '+15555550100'],
        ['chat', true, 'https://acme.test'],
        ['voice', true, '+15555550199'],
      ]);
      expect(channels.every((c) => c.openConversations >= 0)).toBe(true);
    });

    it('validates each address for its channel; enabling needs one', async () => {
      const patch = (channel: string, body: unknown, token = jane, ws = 'acme') =>
        s.req('PATCH', `/api/ws/${ws}/settings/channels/${channel}`, { token, body });
      const phone = await patch('whatsapp', { address: '555-0100' });
      expect(phone.status).toBe(400);
      expect(phone.body.issues).toEqual([
        { path: 'body.address', message: 'Phone number is not valid.' },
      ]);
      expect((await patch('email', { address: 'support' })).status).toBe(400);
      expect((await patch('chat', { address: 'http://acme.test' })).status).toBe(400);
      expect((await patch('fax', { enabled: true })).status).toBe(400);
      const off = await patch('email', { enabled: false });
      expect(off.body.channel).toMatchObject({
        channel: 'email',
        enabled: false,
        address: 'support@acme.test',
      });
      const none = await patch('sms', { enabled: true, address: '' });
      expect(none.body.issues).toEqual([
        { path: 'body.address', message: 'Required to enable the channel' },
      ]);
      expect((await patch('whatsapp', { enabled: true }, john)).status).toBe(403);
      const globex = await s.req('GET', '/api/ws/globex/settings/channels', { token: gary });
      expect(
        globex.body.channels
          .filter((c: { enabled: boolean }) => c.enabled)
          .map((c: { channel: string }) => c.channel),
      ).toEqual(['email']);
    });
  });

  it('message templates are the saved replies the inbox composer reads', async () => {
    const created = await s.req('POST', '/api/ws/acme/inbox/saved-replies', {
      token: ana,
      body: { title: 'Refund policy', body: 'Refunds take 5 to 7 working days.' },
    });
    expect(created.status).toBe(201);
    const listed = await s.req('GET', '/api/ws/acme/inbox/saved-replies?q=refund', { token: john });
    expect(listed.body.savedReplies.map((r: { title: string }) => r.title)).toContain(
      'Refund policy',
    );
    expect(
      (
        await s.req('POST', '/api/ws/acme/inbox/saved-replies', {
          token: john,
          body: { title: 't', body: 'b' },
        })
      ).status,
    ).toBe(403);
  });
});
