// Inbox routes: counts, conversation lists and details, messages, call parts, assignment and
// status, tags, views and saved replies.
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { conversationRoutes } from './conversation-routes';
import { messageRoutes } from './message-routes';
import { filterRoutes } from './filter-routes';
import { savedReplyRoutes } from './saved-reply-routes';
import { InboxService } from './service';

export function inboxRoutes(services: Services) {
  const inbox = new InboxService(services);
  const router = createRouter();
  router.route('/', conversationRoutes(inbox));
  router.route('/', messageRoutes(inbox));
  router.route('/', filterRoutes(inbox));
  router.route('/', savedReplyRoutes(inbox));
  return router;
}
