import { ChartColumn, Megaphone, MessagesSquare, Settings, Users } from 'lucide-react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../../api/auth-token';
import { NotificationBell } from '../../modules/notifications/components/notification-bell';
import { UserMenu } from '../../modules/session/components/user-menu';
import { WorkspaceSwitcher } from '../../modules/session/components/workspace-switcher';
import type { Session } from '../../modules/session/api/types';
import { useSession } from '../../modules/session/hooks/use-session';
import { canOpenCampaigns, canOpenReports } from '../../modules/session/permits';
import { VoiceAddon, VoiceHeader, voiceSignOut } from '../../modules/voice';
import { ProgressBar, SkeletonList } from '../../ui';
import { paths } from '../paths';
import './layout.css';

function NavItem({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <NavLink to={to} className="topbar__nav-link" data-testid={`nav-${label.toLowerCase()}`}>
      {icon}
      <span className="topbar__nav-label">{label}</span>
    </NavLink>
  );
}

function WorkspaceShell({ session }: { readonly session: Session }) {
  const navigation = useNavigation();
  const slug = session.slug;
  return (
    <div className="app" data-testid="app-shell">
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <WorkspaceSwitcher />
        <nav className="topbar__nav" aria-label="Main">
          <NavItem
            to={paths.inbox(slug)}
            icon={<MessagesSquare aria-hidden="true" />}
            label="Inbox"
          />
          <NavItem to={paths.contacts(slug)} icon={<Users aria-hidden="true" />} label="Contacts" />
          {canOpenCampaigns(session.permits) ? (
            <NavItem
              to={paths.campaigns(slug)}
              icon={<Megaphone aria-hidden="true" />}
              label="Campaigns"
            />
          ) : null}
          {canOpenReports(session.permits) ? (
            <NavItem
              to={paths.reports(slug)}
              icon={<ChartColumn aria-hidden="true" />}
              label="Reports"
            />
          ) : null}
          <NavItem
            to={paths.settings(slug)}
            icon={<Settings aria-hidden="true" />}
            label="Settings"
          />
        </nav>
        <div className="topbar__end">
          <VoiceHeader />
          <NotificationBell slug={slug} />
          <UserMenu beforeSignOut={voiceSignOut} />
        </div>
      </header>
      <div className="app__progress">
        {/* A named region, so the bar is inside a landmark like the rest of the page. */}
        {navigation.state === 'loading' ? (
          <div role="region" aria-label="Loading">
            <ProgressBar label="Loading" />
          </div>
        ) : null}
      </div>
      <main id="main" className="app__main" tabIndex={-1}>
        <Suspense fallback={<SkeletonList label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

function SignedInLayout() {
  const session = useSession();
  return (
    <VoiceAddon session={session}>
      <WorkspaceShell session={session} />
    </VoiceAddon>
  );
}

/**
 * The workspace layout: the 65 px top bar (switcher, navigation, voice chip, account) and the
 * screen. When the token goes away while a workspace is open (signed out here or in another tab,
 * or the server answered 401), nothing of the workspace renders any more: the user goes to the
 * sign-in page, which brings them back here afterwards.
 */
export function WorkspaceLayout() {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.signIn()}?next=${encodeURIComponent(next)}`} replace />;
  }
  return <SignedInLayout />;
}
