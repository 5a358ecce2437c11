import type { Locator, Page } from '@playwright/test';

/** The sign-in page. */
export class SignInPage {
  readonly root: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('sign-in-page');
    this.email = page.getByTestId('sign-in-email');
    this.password = page.getByTestId('sign-in-password');
    this.submit = page.getByTestId('sign-in-submit');
    this.error = page.getByTestId('sign-in-error');
  }

  async open(next?: string): Promise<void> {
    await this.page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
