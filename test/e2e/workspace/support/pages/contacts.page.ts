import type { Locator, Page } from '@playwright/test';

/** Contacts: the users list and a user's profile. */
export class ContactsPage {
  readonly list: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly empty: Locator;
  readonly profile: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly callButton: Locator;
  readonly dialer: Locator;
  readonly dialerNumber: Locator;
  readonly conversations: Locator;
  readonly calls: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByTestId('contacts-page');
    this.rows = page.getByTestId('contact-row');
    this.search = page.getByTestId('contacts-search');
    this.empty = page.getByTestId('contacts-empty');
    this.profile = page.getByTestId('contact-profile');
    this.name = page.getByTestId('contact-name');
    this.phone = page.getByTestId('contact-phone');
    this.callButton = page.getByTestId('call-contact');
    this.dialer = page.getByTestId('dialer');
    this.dialerNumber = page.getByTestId('dialer-number');
    this.conversations = page.getByTestId('contact-conversation');
    this.calls = page.getByTestId('contact-call');
  }

  async open(slug: string): Promise<void> {
    await this.page.goto(`/ws/${slug}/contacts/users`);
  }

  async openProfile(slug: string, id: string): Promise<void> {
    await this.page.goto(`/ws/${slug}/contacts/users/profile/${id}`);
  }
}
