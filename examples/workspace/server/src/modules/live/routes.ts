// The workspace's live-update stream: `GET /ws/{slug}/events`, server-sent events naming what
// changed (conversation.updated, message.created, call.updated, agent.updated,
// notification.created) so the app refetches it.
import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { apiErrorSchema, slugParamsSchema } from '../../contract/common';
import type { Services } from '../../lib/context';
import { authRoute, createRouter } from '../../lib/router';
import { SessionService } from '../session/service';
import { liveAudience } from './audience';
import type { LiveEvent } from './bus';
import { presenceOf, TAB_ID } from './presence';

/** The header in which the app names the tab an event stream belongs to (presence). */
export const TAB_HEADER = 'x-workspace-tab';

/** The body of the `pagehide` beacon (sendBeacon cannot send headers, so the token is in it). */
export const presenceLeaveBodySchema = z.object({
  token: z.string().min(1).max(512),
  slug: z.string().min(1).max(100),
  tab: z.string().regex(TAB_ID),
});

/** A comment line is sent this often so that proxies keep the stream open. */
export const KEEP_ALIVE_MS = 25_000;

export function liveRoutes(services: Services) {
  const router = createRouter();
  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/events',
      tags: ['Live'],
      summary: "The workspace's changes as server-sent events",
      description:
        'Each event is `event: <type>` with `data: {"type","id","conversationId"}`. Members without the shared-inbox permit hear only of conversations assigned to them (or just assigned away from them) and of their own calls, or of every call with the live-calls permit. `agent.updated` (id: the agent) says that the contact-centre status of an agent may have changed; every member hears it. `notification.created` (id: the notification) is heard by its recipient alone. The token may be given as `?access_token=` (EventSource cannot send headers). A comment line keeps the stream open every 25 s.',
      request: { params: slugParamsSchema },
      responses: {
        200: {
          description: 'text/event-stream',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    (c) => {
      const access = c.get('access');
      const workspaceId = access.workspace.id;
      const hears = liveAudience(services.db, access);
      const tab = c.req.header(TAB_HEADER);
      return streamSSE(c, async (stream) => {
        // This tab is open while the stream is (an agent's last tab gone: Offline after a grace).
        const closed = presenceOf(services).streamOpened(
          access,
          tab && TAB_ID.test(tab) ? tab : randomUUID(),
        );
        const pending: LiveEvent[] = [];
        let wake: (() => void) | undefined;
        const off = services.bus.subscribe(workspaceId, (event) => {
          pending.push(event);
          wake?.();
        });
        // Sign-out ends the stream at once (in whichever process it runs).
        const offRevoked = services.bus.onRevoked(c.get('auth').tokenHash, () => {
          void stream.close();
          wake?.();
        });
        stream.onAbort(() => {
          off();
          offRevoked();
          closed();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = pending.shift();
          if (event) {
            const heard = await hears(event).catch((error: unknown) => {
              services.log.warn(
                { err: error },
                'live stream: could not tell who may hear an event',
              );
              return false;
            });
            if (!heard) continue;
            await stream.writeSSE({
              event: event.type,
              data: JSON.stringify({
                type: event.type,
                id: event.id,
                conversationId: event.conversationId ?? null,
              }),
            });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, KEEP_ALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (pending.length === 0 && !stream.aborted && !stream.closed)
            await stream.write(': keep-alive\n\n');
        }
        off();
        offRevoked();
        closed();
      });
    },
  );

  const sessions = new SessionService(services);
  router.openapi(
    createRoute({
      method: 'post',
      path: '/presence/leave',
      tags: ['Live'],
      summary: "A tab of the app is going away (its pagehide beacon): the agent's presence",
      description:
        "Sent with navigator.sendBeacon when a tab is hidden for good. The bearer token is in the body (a beacon cannot send headers; no cookie is read, so another site cannot forge it). When no other tab of the member has the workspace's event stream open (`x-workspace-tab` names a stream's tab) and, 3 s later, no page of theirs has opened one again (a reload), the member's agent is set Offline in the contact centre, unless they are on a contact. Otherwise the server's fallback applies: the agent is set Offline when their last event stream has been gone for the presence grace period (PRESENCE_GRACE_MS, 15 s by default).",
      request: {
        body: {
          content: { 'application/json': { schema: presenceLeaveBodySchema } },
          required: true,
        },
      },
      responses: {
        204: { description: 'Noted' },
        400: {
          description: 'Not a beacon body: `issues` lists each field error.',
          content: { 'application/json': { schema: apiErrorSchema } },
        },
        401: {
          description: 'No valid token.',
          content: { 'application/json': { schema: apiErrorSchema } },
        },
        404: {
          description: 'No such workspace for this user.',
          content: { 'application/json': { schema: apiErrorSchema } },
        },
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const auth = await sessions.authenticate(body.token);
      const access = await sessions.access(body.slug, auth.userId);
      // Decided a moment later (see PRESENCE_LEAVE_CHECK_MS): the page is gone by then.
      void presenceOf(services).tabLeaving(access, body.tab);
      return c.body(null, 204);
    },
  );
  return router;
}
