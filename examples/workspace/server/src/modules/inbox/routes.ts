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
import { InboxFilters } from './filter-service';
import { InboxMessages } from './message-service';
import { InboxService } from './service';

export function inboxRoutes(services: Services) {
  const inbox = new InboxService(services);
  const filters = new InboxFilters(services);
  const router = createRouter();
  router.route('/', conversationRoutes(inbox));
  router.route('/', messageRoutes(new InboxMessages(services)));
  router.route('/', filterRoutes(filters));
  router.route('/', savedReplyRoutes(filters));
  return router;
}
