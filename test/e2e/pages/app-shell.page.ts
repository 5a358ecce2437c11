import type { Locator, Page } from '@playwright/test';

/** Page object for the workspace app shell. */
export class AppShellPage {
  readonly shell: Locator;
  readonly voiceStatus: Locator;

  constructor(private readonly page: Page) {
    this.shell = page.getByTestId('app-shell');
    this.voiceStatus = page.getByTestId('voice-status-badge');
  }

  async open(): Promise<void> {
    await this.page.goto('/');
  }
}
