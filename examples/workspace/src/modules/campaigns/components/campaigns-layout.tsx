import { FileText, LayoutDashboard, Megaphone } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../session/hooks/use-session';
import { campaignPaths } from '../paths';
import './campaigns.css';

/** The campaigns area: its sections (overview, campaigns, templates) above the screen. */
export function CampaignsLayout() {
  const { slug } = useSession();
  const links = [
    { to: campaignPaths.overview(slug), label: 'Overview', icon: LayoutDashboard, id: 'overview' },
    { to: campaignPaths.list(slug), label: 'Campaigns', icon: Megaphone, id: 'all' },
    { to: campaignPaths.templates(slug), label: 'Templates', icon: FileText, id: 'templates' },
  ];
  return (
    <div className="cmp-layout" data-testid="campaigns-area">
      <nav className="cmp-subnav" aria-label="Campaigns">
        {links.map(({ to, label, icon: Icon, id }) => (
          <NavLink
            key={id}
            to={to}
            className="cmp-subnav__link"
            data-testid={`campaigns-nav-${id}`}
            // campaigns/all stays active on a campaign's page; the editor belongs to campaigns
            end={false}
          >
            <Icon aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="cmp-main">
        <Outlet />
      </div>
    </div>
  );
}
