import {
  FileUp,
  Link2,
  MessageSquareText,
  Phone,
  Radio,
  Shuffle,
  Smile,
  UserRound,
  UsersRound,
  ListChecks,
  SlidersHorizontal,
  Tags,
} from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { SkeletonList } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { canOpenMessageTemplates } from '../../session/permits';
import type { Permits } from '../api/types';
import { SETTINGS_PATHS } from '../messages';
import './settings.css';

interface NavItem {
  readonly path: string;
  readonly label: string;
  readonly icon: ReactNode;
  /** Shown only to callers the server lets in (admins pass every check). */
  readonly visible: (permits: Permits) => boolean;
}

const always = () => true;
const admin = (p: Permits) => p.admin;

const NAV: readonly NavItem[] = [
  { path: SETTINGS_PATHS.agents, label: 'Agents', icon: <UserRound />, visible: always },
  { path: SETTINGS_PATHS.teams, label: 'Teams', icon: <UsersRound />, visible: always },
  {
    path: SETTINGS_PATHS.messageTemplates,
    label: 'Message templates',
    icon: <MessageSquareText />,
    visible: canOpenMessageTemplates,
  },
  {
    path: SETTINGS_PATHS.assignmentRules,
    label: 'Assignment rules',
    icon: <Shuffle />,
    visible: admin,
  },
  {
    path: SETTINGS_PATHS.customerSatisfaction,
    label: 'Customer satisfaction',
    icon: <Smile />,
    visible: admin,
  },
  { path: SETTINGS_PATHS.integrations, label: 'Integrations', icon: <Link2 />, visible: admin },
  { path: SETTINGS_PATHS.channels, label: 'Channels', icon: <Radio />, visible: admin },
  {
    path: SETTINGS_PATHS.importHistory,
    label: 'Import history',
    icon: <FileUp />,
    visible: admin,
  },
  { path: SETTINGS_PATHS.general, label: 'General', icon: <Phone />, visible: admin },
  {
    path: SETTINGS_PATHS.dispositions,
    label: 'Call dispositions',
    icon: <ListChecks />,
    visible: admin,
  },
  {
    path: SETTINGS_PATHS.contactAttributes,
    label: 'Contact attributes',
    icon: <Tags />,
    visible: admin,
  },
  {
    path: SETTINGS_PATHS.preferences,
    label: 'Your preferences',
    icon: <SlidersHorizontal />,
    visible: always,
  },
];

/** Keeps the current screen's link in view when the navigation is a scrolling row (small screens). */
function ActiveLinkInViewEffect({ nav }: { readonly nav: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current?.querySelector('.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [nav, pathname]);
  return null;
}

/** The settings area: a side navigation of its screens (a scrolling row on small screens). */
export function SettingsLayout() {
  const session = useSession();
  const base = paths.settings(session.slug);
  const nav = useRef<HTMLElement>(null);
  return (
    <div className="settings" data-testid="settings-layout">
      <ActiveLinkInViewEffect nav={nav} />
      <nav ref={nav} className="settings__nav" aria-label="Settings">
        <p className="settings__nav-title" aria-hidden="true">
          Settings
        </p>
        <ul className="settings__nav-list">
          {NAV.filter((item) => item.visible(session.permits)).map((item) => (
            <li key={item.path}>
              <NavLink
                to={`${base}/${item.path}`}
                className="settings__nav-link"
                data-testid={`settings-nav-${item.path}`}
              >
                <span className="settings__nav-icon" aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__content">
        <Suspense fallback={<SkeletonList label="Loading" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
