import { Check, ChevronsUpDown } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { Menu, MenuItem, MenuLabel } from '../../../ui';
import { useMe, useSession } from '../hooks/use-session';

/** The current workspace's name; opens a menu to switch to another of the user's workspaces. */
export function WorkspaceSwitcher() {
  const session = useSession();
  const me = useMe();
  const navigate = useNavigate();
  const name = session.workspace.name;
  return (
    <Menu
      align="start"
      label="Workspaces"
      trigger={
        <button type="button" className="topbar__workspace" data-testid="workspace-switcher">
          <span className="topbar__workspace-logo" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="topbar__workspace-name">{name}</span>
          <span className="ui-visually-hidden">, switch workspace</span>
          <ChevronsUpDown aria-hidden="true" className="topbar__workspace-chevron" />
        </button>
      }
    >
      <MenuLabel>Workspaces</MenuLabel>
      {(me.data?.workspaces ?? [session.workspace]).map((w) => (
        <MenuItem
          key={w.slug}
          data-testid={`workspace-option-${w.slug}`}
          onSelect={() => {
            if (w.slug !== session.slug) void navigate(paths.home(w.slug));
          }}
          icon={
            <span className="topbar__workspace-logo" data-size="sm" aria-hidden="true">
              {w.name.slice(0, 1).toUpperCase()}
            </span>
          }
        >
          <span style={{ flex: 1 }}>{w.name}</span>
          {w.slug === session.slug ? <Check aria-label="Current workspace" /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
