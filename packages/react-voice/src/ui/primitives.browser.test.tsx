import { Phone, Users } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { de_DE } from '../locales';
import { checkState, renderVoice, viewport } from '../../test/ui';
import {
  IconButton,
  VoiceAvatar,
  VoiceBadge,
  VoiceButton,
  VoiceDialog,
  VoiceEmptyState,
  VoiceMenu,
  VoiceMenuContent,
  VoiceMenuItem,
  VoiceMenuLabel,
  VoiceMenuRadioGroup,
  VoiceMenuRadioItem,
  VoiceMenuSeparator,
  VoiceMenuTrigger,
  VoicePopover,
  VoicePopoverContent,
  VoicePopoverTrigger,
  VoiceSearchInput,
  VoiceSelect,
  VoiceSkeleton,
  VoiceTabs,
  VoiceTabsContent,
  VoiceTabsList,
  VoiceTabsTrigger,
  VoiceTooltip,
  initialsOf,
} from '.';

afterEach(() => viewport(1280, 800));

function Gallery() {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <main className="xv" style={{ padding: 24, display: 'grid', gap: 16, maxWidth: 640 }}>
      <h1 style={{ margin: 0, fontSize: 18 }}>Primitives</h1>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <VoiceButton variant="primary">Primary</VoiceButton>
        <VoiceButton>Secondary</VoiceButton>
        <VoiceButton variant="danger" icon={<Phone size={16} aria-hidden="true" />}>
          Danger
        </VoiceButton>
        <VoiceButton variant="success">Success</VoiceButton>
        <VoiceButton variant="ghost">Ghost</VoiceButton>
        <IconButton
          label="Call"
          icon={<Phone size={18} aria-hidden="true" />}
          variant="secondary"
        />
        <IconButton
          label="Mute"
          icon={<Phone size={18} aria-hidden="true" />}
          pressed
          shape="round"
          size="lg"
        />
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <VoiceBadge tone="success">On call</VoiceBadge>
        <VoiceBadge tone="warning">On hold</VoiceBadge>
        <VoiceBadge tone="danger">Missed</VoiceBadge>
        <VoiceBadge tone="accent">Ringing</VoiceBadge>
        <VoiceBadge>Ended</VoiceBadge>
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <VoiceAvatar name="Ada Lovelace" />
        <VoiceAvatar name="grace" size={40} />
        <VoiceSkeleton circle width={32} height={32} />
        <VoiceSkeleton width={160} />
      </div>
      <VoiceSearchInput value={search} onValueChange={setSearch} placeholder="Search agent" />
      <label style={{ display: 'grid', gap: 4 }}>
        Speaker
        <VoiceSelect defaultValue="a">
          <option value="a">System default</option>
          <option value="b">Headset</option>
        </VoiceSelect>
      </label>
      <VoiceTabs defaultValue="agents">
        <VoiceTabsList aria-label="Targets">
          <VoiceTabsTrigger value="agents" count={3}>
            Agents
          </VoiceTabsTrigger>
          <VoiceTabsTrigger value="groups" count={0}>
            Teams
          </VoiceTabsTrigger>
        </VoiceTabsList>
        <VoiceTabsContent value="agents">
          <VoiceEmptyState
            icon={<Users size={20} />}
            title="No call agents"
            description="Nobody to show."
            action={<VoiceButton size="sm">Refresh</VoiceButton>}
          />
        </VoiceTabsContent>
        <VoiceTabsContent value="groups">Teams</VoiceTabsContent>
      </VoiceTabs>
      <div style={{ display: 'flex', gap: 8 }}>
        <VoiceMenu>
          <VoiceMenuTrigger asChild>
            <VoiceButton>Open menu</VoiceButton>
          </VoiceMenuTrigger>
          <VoiceMenuContent align="start">
            <VoiceMenuLabel>Status</VoiceMenuLabel>
            <VoiceMenuRadioGroup value="On">
              <VoiceMenuRadioItem value="On">On</VoiceMenuRadioItem>
              <VoiceMenuRadioItem value="Off">Off</VoiceMenuRadioItem>
            </VoiceMenuRadioGroup>
            <VoiceMenuSeparator />
            <VoiceMenuItem icon={<Users size={16} />}>Agent list</VoiceMenuItem>
          </VoiceMenuContent>
        </VoiceMenu>
        <VoicePopover>
          <VoicePopoverTrigger asChild>
            <VoiceButton>Details</VoiceButton>
          </VoicePopoverTrigger>
          <VoicePopoverContent aria-label="Details">Ada Lovelace</VoicePopoverContent>
        </VoicePopover>
        <VoiceTooltip content="A tooltip">
          <VoiceButton>Hover me</VoiceButton>
        </VoiceTooltip>
        <VoiceButton onClick={() => setOpen(true)}>Open dialog</VoiceButton>
      </div>
      <VoiceDialog
        open={open}
        onOpenChange={setOpen}
        title="Transfer call"
        width={480}
        footer={<VoiceButton onClick={() => setOpen(false)}>Done</VoiceButton>}
      >
        Body
      </VoiceDialog>
    </main>
  );
}

describe('shared primitives', () => {
  it('render with the xv theme, roles and no axe violations', async () => {
    const screen = await renderVoice(<Gallery />);
    await expect
      .element(screen.getByRole('tab', { name: 'Agents 3' }))
      .toHaveAttribute('data-state', 'active');
    await expect
      .element(screen.getByRole('button', { name: 'Mute' }))
      .toHaveAttribute('aria-pressed', 'true');
    await checkState('primitives', 'gallery');
  });

  it('the search box clears with Escape and with its clear button', async () => {
    const screen = await renderVoice(<Gallery />);
    const box = screen.getByRole('searchbox', { name: 'Search agent' });
    await userEvent.fill(box, 'ada');
    await expect.element(box).toHaveValue('ada');
    await userEvent.keyboard('{Escape}');
    await expect.element(box).toHaveValue('');
    await userEvent.fill(box, 'x');
    await screen.getByRole('button', { name: 'Clear search' }).click();
    await expect.element(box).toHaveValue('');
  });

  it('the menu opens from the keyboard with radio items', async () => {
    const screen = await renderVoice(<Gallery />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const menu = page.getByRole('menu');
    await expect.element(menu).toBeVisible();
    await expect
      .element(page.getByRole('menuitemradio', { name: 'On' }))
      .toHaveAttribute('aria-checked', 'true');
    await checkState('primitives', 'menu-open', { axe: menu.element() });
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
  });

  it('the dialog has its width, a close button in the locale, and closes with Escape', async () => {
    const screen = await renderVoice(<Gallery />, { locale: 'de_DE', messages: de_DE });
    await screen.getByRole('button', { name: 'Open dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer call' });
    await expect.element(dialog).toBeVisible();
    expect((dialog.element() as HTMLElement).offsetWidth).toBe(480);
    await expect.element(page.getByRole('button', { name: 'Schließen' })).toBeVisible();
    await checkState('primitives', 'dialog', { axe: dialog.element() });
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('the dialog fits a 360 px phone', async () => {
    await viewport(360, 740);
    const screen = await renderVoice(<Gallery />);
    await screen.getByRole('button', { name: 'Open dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer call' });
    await expect.element(dialog).toBeVisible();
    expect((dialog.element() as HTMLElement).offsetWidth).toBe(344);
  });

  it('initials of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace')).toBe('G');
    expect(initialsOf('  ')).toBe('?');
  });
});
