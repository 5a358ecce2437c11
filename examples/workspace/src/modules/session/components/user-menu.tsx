import { LogOut, Moon, Sun } from 'lucide-react';
import { Avatar, Menu, MenuItem, MenuLabel, MenuSeparator, setTheme, useTheme } from '../../../ui';
import { useMe, useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';

/** The signed-in user's avatar; opens a menu with the theme switch and sign-out. */
export function UserMenu({
  beforeSignOut,
}: {
  readonly beforeSignOut?: () => Promise<void> | void;
}) {
  const session = useSession();
  const me = useMe();
  const theme = useTheme();
  const signOut = useSignOut(beforeSignOut);
  const name = session.profile.name;
  return (
    <Menu
      label="Account"
      trigger={
        <button type="button" className="topbar__avatar-button" data-testid="user-menu">
          <Avatar name={name} src={session.profile.avatarURL} size={30} />
          <span className="ui-visually-hidden">Account of {name}</span>
        </button>
      }
    >
      <MenuLabel>
        <span
          style={{
            display: 'block',
            textTransform: 'none',
            fontSize: 13,
            color: 'var(--color-text)',
          }}
        >
          {name}
        </span>
        <span style={{ display: 'block', textTransform: 'none', fontWeight: 400 }}>
          {me.data?.user.email}
        </span>
      </MenuLabel>
      <MenuSeparator />
      <MenuItem
        data-testid="theme-toggle"
        icon={theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
        onSelect={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        {theme === 'dark' ? 'Light theme' : 'Dark theme'}
      </MenuItem>
      <MenuSeparator />
      <MenuItem
        data-testid="sign-out"
        icon={<LogOut aria-hidden="true" />}
        onSelect={() => void signOut()}
      >
        Sign out
      </MenuItem>
    </Menu>
  );
}
