// Workspace agents and teams (for assignment pickers and the agent list).
import { z } from '@hono/zod-openapi';

export const workspaceAgentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    avatarURL: z.string().nullable(),
    userId: z.string().nullable(),
    /** The contact centre username of the agent, when linked. */
    connectUsername: z.string().nullable(),
    /** False when the member is deactivated in this workspace (or the agent has no user). */
    active: z.boolean(),
    teams: z.array(z.object({ id: z.string(), name: z.string(), emoji: z.string().nullable() })),
  })
  .openapi('WorkspaceAgent');

export const workspaceTeamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    emoji: z.string().nullable(),
    memberIds: z.array(z.string()),
  })
  .openapi('WorkspaceTeam');

export const agentsResponseSchema = z.object({ agents: z.array(workspaceAgentSchema) });
export const teamsResponseSchema = z.object({ teams: z.array(workspaceTeamSchema) });

export type WorkspaceAgent = z.infer<typeof workspaceAgentSchema>;
export type WorkspaceTeam = z.infer<typeof workspaceTeamSchema>;
