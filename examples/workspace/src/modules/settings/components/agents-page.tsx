import { useQuery } from '@tanstack/react-query';
import { Pencil, Search, SearchX, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Avatar, Badge, EmptyState, Input, Page } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { canEditAgents } from '../../session/permits';
import { agentsQuery } from '../api/settings-api';
import type { SettingsAgent } from '../api/types';
import {
  AGENT_ACCESS,
  PERMIT_LABELS,
  PERMIT_ORDER,
  ROLE_LABELS,
  SETTINGS_PATHS,
} from '../messages';
import { QueryStates } from './controls';
import { InviteButton, PendingInvitations } from './invitations';

/** What an agent may do, in a few words. */
function permitSummary(agent: SettingsAgent): string {
  if (!agent.permits) return 'No sign-in';
  if (agent.permits.admin) return 'Every permission';
  const held = PERMIT_ORDER.filter((p) => p !== 'admin' && agent.permits?.[p]);
  if (held.length === 0) return 'Own conversations only';
  return held.map((p) => PERMIT_LABELS[p].label).join(', ');
}

/** settings/agents: the workspace agents with role, teams and permissions. */
export function AgentsPage() {
  const session = useSession();
  const query = useQuery(agentsQuery(session.slug));
  const [search, setSearch] = useState('');
  const editable = canEditAgents(session.permits);
  const text = search.trim().toLowerCase();
  return (
    <Page
      title="Agents"
      subtitle="Who works in this workspace, their teams and what they may do."
      data-testid="settings-agents"
      actions={
        <>
          {editable ? <InviteButton /> : null}
          <Input
            type="search"
            aria-label="Search agents"
            placeholder="Search agents"
            icon={<Search aria-hidden="true" />}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="agents-search"
          />
        </>
      }
    >
      <div className="ui-card settings-table">
        <QueryStates query={query} label="agents" rows={4}>
          {() => {
            const agents = (query.data ?? []).filter(
              (a) =>
                !text ||
                a.name.toLowerCase().includes(text) ||
                a.email.toLowerCase().includes(text),
            );
            if (agents.length === 0)
              return text ? (
                <EmptyState
                  icon={<SearchX aria-hidden="true" />}
                  title="No agents found"
                  body={`Nothing matches “${search.trim()}”.`}
                />
              ) : (
                <EmptyState
                  icon={<UserRound aria-hidden="true" />}
                  title="No agents yet"
                  body="Members of the workspace appear here."
                />
              );
            return (
              <table className="settings-table__table">
                <caption className="ui-visually-hidden">Agents</caption>
                <thead>
                  <tr>
                    <th scope="col">Agent</th>
                    <th scope="col">Role</th>
                    <th scope="col">Teams</th>
                    <th scope="col">Permissions</th>
                    {editable ? (
                      <th scope="col">
                        <span className="ui-visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {agents.map((agent) => (
                    <tr key={agent.id} data-testid="agent-row" data-agent-email={agent.email}>
                      <td>
                        <span className="settings-person">
                          <Avatar name={agent.name} src={agent.avatarURL} size={32} />
                          <span className="settings-person__text">
                            <span className="settings-person__name">{agent.name}</span>
                            <span className="settings-person__email">{agent.email}</span>
                          </span>
                        </span>
                      </td>
                      <td data-label="Role">
                        {agent.role ? (
                          <Badge tone={agent.role === 'admin' ? 'accent' : 'neutral'}>
                            {ROLE_LABELS[agent.role]}
                          </Badge>
                        ) : (
                          '—'
                        )}
                        {agent.deactivated ? (
                          <>
                            {' '}
                            <Badge tone="danger" data-testid="agent-deactivated">
                              {AGENT_ACCESS.badge}
                            </Badge>
                          </>
                        ) : null}
                      </td>
                      <td data-label="Teams">
                        {agent.teams.length === 0 ? (
                          <span className="settings-muted">No team</span>
                        ) : (
                          <span className="settings-chips">
                            {agent.teams.map((t) => (
                              <span key={t.id} className="settings-chip">
                                {t.emoji ? <span aria-hidden="true">{t.emoji}</span> : null}
                                {t.name}
                              </span>
                            ))}
                          </span>
                        )}
                      </td>
                      <td
                        data-label="Permissions"
                        className="settings-muted"
                        data-testid="agent-permits"
                      >
                        {permitSummary(agent)}
                      </td>
                      {editable ? (
                        <td className="settings-table__actions">
                          <Link
                            to={`${paths.settings(session.slug)}/${SETTINGS_PATHS.agentEdit(agent.id)}`}
                            className="ui-button"
                            data-variant="secondary"
                            data-size="sm"
                            aria-label={`Edit ${agent.name}`}
                            data-testid="agent-edit"
                          >
                            <Pencil aria-hidden="true" />
                            Edit
                          </Link>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          }}
        </QueryStates>
      </div>
      {editable ? <PendingInvitations /> : null}
    </Page>
  );
}
