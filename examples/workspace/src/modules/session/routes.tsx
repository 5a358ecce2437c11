import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { ApiError } from '../../api/client';
import { getAuth } from '../../api/auth-token';
import { paths } from '../../app/paths';
import { queryClient } from '../../app/query-client';
import { meQuery, sessionQuery } from './api/session-api';
import type { Session } from './api/types';

const LAST_WORKSPACE_KEY = 'workspace.last';

function rememberWorkspace(slug: string) {
  try {
    localStorage.setItem(LAST_WORKSPACE_KEY, slug);
  } catch {
    // not remembered
  }
}

function lastWorkspace(): string | null {
  try {
    return localStorage.getItem(LAST_WORKSPACE_KEY);
  } catch {
    return null;
  }
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  return redirect(`${paths.signIn()}?next=${encodeURIComponent(next)}`);
}

/** `/`: signed out → sign-in; signed in → the last used workspace, else the first one. */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  if (!getAuth()) return signInRedirect(request);
  const me = await queryClient.ensureQueryData(meQuery());
  const last = lastWorkspace();
  const slug = me.workspaces.find((w) => w.slug === last)?.slug ?? me.workspaces[0]?.slug;
  return slug ? redirect(paths.home(slug)) : null;
}

/** `/sign-in`: a signed-in user goes on to where they were headed. */
export function signInLoader({ request }: LoaderFunctionArgs) {
  if (!getAuth()) return null;
  const next = new URL(request.url).searchParams.get('next');
  return redirect(next?.startsWith('/') && !next.startsWith('//') ? next : '/');
}

/**
 * `/ws/{slug}`: needs a signed-in user who is a member of the workspace (the server answers 404
 * otherwise, shown as the 404 page). Returns the session for the layout.
 */
export async function workspaceLoader({ request, params }: LoaderFunctionArgs) {
  if (!getAuth()) return signInRedirect(request);
  const slug = params.slug ?? '';
  try {
    const session = await queryClient.ensureQueryData(sessionQuery(slug));
    rememberWorkspace(slug);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInRedirect(request);
    if (error instanceof ApiError && error.status === 404)
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's 404 is a thrown Response
      throw new Response('Workspace not found', { status: 404 });
    throw error;
  }
}

/** The session of the workspace in the URL, for loaders below `/ws/{slug}`. */
export function loadSession(params: LoaderFunctionArgs['params']): Promise<Session> {
  return queryClient.ensureQueryData(sessionQuery(params.slug ?? ''));
}

/** The sign-in route. */
export const signInRoute: RouteObject = {
  path: 'sign-in',
  loader: signInLoader,
  lazy: async () => ({
    Component: (await import('./components/sign-in-page')).SignInPage,
  }),
};

/** The signed-out account pages: forgot password, reset password, accept an invitation. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('./components/account-pages')).ForgotPasswordPage,
    }),
  },
  {
    path: 'reset-password/:token',
    lazy: async () => ({
      Component: (await import('./components/account-pages')).ResetPasswordPage,
    }),
  },
  {
    path: 'invite/:token',
    lazy: async () => ({
      Component: (await import('./components/account-pages')).AcceptInvitePage,
    }),
  },
];
