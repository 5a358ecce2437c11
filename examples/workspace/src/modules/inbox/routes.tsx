import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canOpenInboxPath } from '../session/permits';

/** The inbox guard on the path below `/ws/{slug}/inbox`; failing it redirects to home. */
async function inboxGuard({ request, params }: LoaderFunctionArgs) {
  const session = await loadSession(params);
  const below = new URL(request.url).pathname.split('/inbox/')[1] ?? '';
  return canOpenInboxPath(decodeURIComponent(below), session.permits)
    ? null
    : redirect(paths.home(session.slug));
}

/** `inbox/`: the shared inbox when the user may see it, else their own. */
async function inboxIndex({ params }: LoaderFunctionArgs) {
  const session = await loadSession(params);
  const list = canOpenInboxPath('all', session.permits) ? 'all' : 'mine';
  return redirect(paths.inboxList(session.slug, { kind: list }));
}

const conversationChildren: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('./components/no-conversation')).NoConversation,
    }),
  },
  {
    path: 'conversations/:conversationId',
    lazy: async () => ({
      Component: (await import('./components/conversation-view')).ConversationView,
    }),
    children: [
      {
        // Recording of a call part; with the query transcript=1 it opens the transcript.
        path: 'part/:idPart',
        lazy: async () => ({
          Component: (await import('./components/call-part-panel')).CallPartPanel,
        }),
      },
    ],
  },
];

const listPane = async () => ({
  Component: (await import('./components/conversation-list-pane')).ConversationListPane,
});

/** The inbox routes: lists all, unassigned, mine, tags/{id} and views/{id}, each with conversations. */
export const inboxRoute: RouteObject = {
  path: 'inbox',
  lazy: async () => ({ Component: (await import('./components/inbox-layout')).InboxLayout }),
  children: [
    { index: true, loader: inboxIndex },
    ...['all', 'unassigned', 'mine', 'tags/:listId', 'views/:listId'].map((path): RouteObject => ({
      path,
      loader: inboxGuard,
      lazy: listPane,
      children: conversationChildren,
    })),
  ],
};
