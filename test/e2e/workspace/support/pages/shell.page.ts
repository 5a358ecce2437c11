import type { Locator, Page } from '@playwright/test';

/** The workspace layout: top bar (switcher, navigation, voice chip, account menu). */
export class ShellPage {
  readonly root: Locator;
  readonly topBar: Locator;
  readonly workspaceSwitcher: Locator;
  readonly userMenu: Locator;
  readonly notFound: Locator;
  readonly placeholder: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('app-shell');
    this.topBar = page.locator('header.topbar');
    this.workspaceSwitcher = page.getByTestId('workspace-switcher');
    this.userMenu = page.getByTestId('user-menu');
    this.notFound = page.getByTestId('not-found-page');
    this.placeholder = page.getByTestId('placeholder-page');
  }

  nav(name: 'inbox' | 'contacts' | 'campaigns' | 'settings'): Locator {
    return this.page.getByTestId(`nav-${name}`);
  }

  async switchWorkspace(slug: string): Promise<void> {
    await this.workspaceSwitcher.click();
    await this.page.getByTestId(`workspace-option-${slug}`).click();
  }

  async signOut(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByTestId('sign-out').click();
  }

  async toggleTheme(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByTestId('theme-toggle').click();
  }
}
