import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The voice panel's tabs (their route identifiers). */
export type VoiceTab = 'Agent list' | 'Call history' | 'Live calls';

/**
 * The voice add-on of the workspace: the header chip and its status dropdown, the call panel with
 * its controls, the transfer and audio settings modals, and the 'Voice calls' side panel.
 */
export class VoicePage {
  /** The chip with the status dropdown (`data-testid="voice-status"`). */
  readonly status: Locator;
  /** The chip itself (its `data-state`: available, offline, custom, on-call, ...). */
  readonly chip: Locator;
  readonly chipTimer: Locator;
  readonly menu: Locator;
  readonly callPanel: Locator;
  readonly callTimer: Locator;
  readonly keypad: Locator;
  readonly transferModal: Locator;
  readonly transferTargets: Locator;
  readonly audioSettings: Locator;
  readonly leaveDialog: Locator;
  readonly panel: Locator;
  readonly agentRows: Locator;
  readonly agentGroups: Locator;
  readonly historyRows: Locator;
  readonly liveRows: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('voice-status');
    this.chip = this.status.locator('.xv-chip');
    this.chipTimer = page.getByTestId('voice-status-timer');
    this.menu = page.getByRole('menu', { name: 'Status' });
    this.callPanel = page.getByTestId('voice-call-panel');
    this.callTimer = page.getByTestId('voice-call-timer');
    this.keypad = page.getByTestId('voice-keypad');
    this.transferModal = page.getByRole('dialog', { name: 'Transfer call' });
    this.transferTargets = page.getByTestId('transfer-target');
    this.audioSettings = page.getByRole('dialog', { name: 'Audio settings' });
    this.leaveDialog = page.getByTestId('voice-leave-call');
    this.panel = page.getByTestId('voice-panel');
    this.agentRows = page.getByTestId('voice-agent-row');
    this.agentGroups = page.getByTestId('voice-agent-group');
    this.historyRows = page.getByTestId('voice-call-row');
    this.liveRows = page.getByTestId('voice-live-row');
  }

  /** Waits for the voice module to be ready (the chip is a button with a state). */
  async ready(): Promise<void> {
    await expect(this.chip).toHaveAttribute('data-state', /^(available|offline|custom|on-call)$/);
  }

  /** Opens the status dropdown. */
  async openMenu(): Promise<void> {
    await this.chip.click();
    await expect(this.menu).toBeVisible();
  }

  /** Picks a status ('On', 'Off', 'Away', ...) in the dropdown. */
  async setStatus(label: string): Promise<void> {
    await this.openMenu();
    await this.menu.getByRole('menuitemradio', { name: label, exact: true }).click();
  }

  /** A control of the call panel by its caption ('Accept', 'Hold', 'End call', ...). */
  control(name: string): Locator {
    return this.callPanel.getByRole('button', { name, exact: true });
  }

  /** Opens the voice panel on a tab through the status dropdown. */
  async openPanel(tab: VoiceTab): Promise<void> {
    await this.openMenu();
    await this.menu.getByRole('menuitem', { name: tab, exact: true }).click();
    await expect(this.panel).toBeVisible();
    await expect(this.panel.getByRole('tab', { name: tab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  tab(name: VoiceTab): Locator {
    return this.panel.getByRole('tab', { name, exact: true });
  }
}
