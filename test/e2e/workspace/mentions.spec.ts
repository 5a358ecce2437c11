// @mentions in notes and the notifications they raise, in the real app on the real server: Jane
// mentions John in a note; John's bell counts it live (no reload), the panel lists it, choosing it
// opens the conversation and clears the badge; while John's tab is hidden a mention shows a system
// notification (Notification API, permission granted) whose click opens the conversation. axe on
// the open panel, and the panel at 375 px.
import type { Page } from '@playwright/test';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { checkScreenEveryWay } from './support/screenshots';

const SUBJECT = 'Order #1042 has not arrived';

interface Agent {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** The conversation of the demo data the journeys write in, and John's agent. */
async function fixtures(page: Page) {
  const jane = await apiSignIn(page.request, USERS.jane);
  const { conversations } = await apiCall<{ conversations: { id: string; subject: string }[] }>(
    page.request,
    jane.token,
    'GET',
    '/ws/acme/inbox/conversations?folder=all&status=any&q=1042',
  );
  const conversation = conversations.find((c) => c.subject === SUBJECT)!;
  const { agents } = await apiCall<{ agents: Agent[] }>(
    page.request,
    jane.token,
    'GET',
    '/ws/acme/agents',
  );
  const john = agents.find((a) => a.email === USERS.john)!;
  return { jane, conversation, john };
}

/**
 * Records every system notification the page constructs (in `window.__shown`) and lets the test
 * say the tab is hidden (`window.__hidden`), as the browser says when the user is in another tab.
 */
async function watchNotifications(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __shown: { title: string; body: string; item: Notification }[];
      __hidden: boolean;
    };
    w.__shown = [];
    w.__hidden = false;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (w.__hidden ? 'hidden' : 'visible'),
    });
    const Real = window.Notification;
    class Watched extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__shown.push({ title, body: options?.body ?? '', item: this });
      }
    }
    window.Notification = Watched;
  });
}

test.describe('mentions and notifications', () => {
  test('a note mentioning John reaches his bell live; the panel opens the conversation and the badge goes', async ({
    page,
    browser,
  }) => {
    const { jane, conversation } = await fixtures(page);
    const baseURL = test.info().project.use.baseURL;

    // John works in the inbox in his own browser, notifications allowed.
    const johns = await browser.newContext({ baseURL });
    await johns.grantPermissions(['notifications']);
    const johnPage = await johns.newPage();
    const johnAuth = await signInAs(johnPage, USERS.john);
    await apiCall(johnPage.request, johnAuth.token, 'POST', '/ws/acme/notifications/read-all');
    await watchNotifications(johnPage);
    await johnPage.goto('/ws/acme/inbox/all');
    const bell = johnPage.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');

    // Jane writes a note and mentions him with the keyboard.
    await signInAs(page, USERS.jane);
    await page.goto(`/ws/acme/inbox/all/conversations/${conversation.id}`);
    const inbox = new InboxPage(page);
    await page.getByTestId('composer-mode-note').click();
    await inbox.composerInput.click();
    await inbox.composerInput.pressSequentially('Can you call the depot, @jo');
    const picker = page.getByRole('listbox', { name: 'Mention a teammate' });
    await expect(picker.getByRole('option', { name: 'John Roe' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await inbox.composerInput.press('Enter');
    await expect(picker).toHaveCount(0);
    await inbox.composerInput.pressSequentially('please?');
    await expect(inbox.composerInput).toHaveValue('Can you call the depot, @John Roe please?');
    const posted = page.waitForResponse(
      (r) => r.url().endsWith(`/conversations/${conversation.id}/messages`) && r.status() === 201,
    );
    await inbox.send.click();
    await posted;
    const note = inbox.notes.last();
    await expect(note.getByTestId('mention-chip')).toHaveText('@John Roe');

    // John's bell counts it without a reload.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(johnPage.getByTestId('notification-badge')).toHaveText('1');

    // The panel lists it; it is axe clean; choosing it opens the conversation with the note.
    await bell.click();
    const panel = johnPage.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').first();
    await expect(item).toContainText(`Jane Doe mentioned you in ${SUBJECT}`);
    await expect(item).toHaveAttribute('data-unread', '');
    await checkScreenEveryWay(johnPage, 'notifications-panel');
    const read = johnPage.waitForResponse((r) => /\/notifications\/[^/]+\/read$/.test(r.url()));
    await item.click();
    await read;
    await expect(johnPage).toHaveURL(new RegExp(`/conversations/${conversation.id}`));
    await expect(panel).toHaveCount(0);
    await expect(
      johnPage.getByTestId('timeline-note').filter({ hasText: 'Can you call the depot' }),
    ).toContainText('@John Roe please?');
    await expect(johnPage.getByTestId('notification-badge')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifications');

    // With John's tab hidden, a new mention shows a system notification; its click opens the
    // conversation.
    await johnPage.goto('/ws/acme/inbox/all');
    await expect(bell).toHaveAccessibleName('Notifications');
    await johnPage.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = true;
    });
    await apiCall(
      page.request,
      jane.token,
      'POST',
      `/ws/acme/inbox/conversations/${conversation.id}/messages`,
      { kind: 'note', body: `Any news, @[John Roe](${(await fixtures(page)).john.id})?` },
    );
    await expect
      .poll(() =>
        johnPage.evaluate(() =>
          (window as unknown as { __shown: { title: string; body: string }[] }).__shown.map(
            (n) => `${n.title} | ${n.body}`,
          ),
        ),
      )
      .toEqual([`Jane Doe mentioned you in ${SUBJECT} | Any news, @John Roe?`]);
    await johnPage.evaluate(() => {
      const w = window as unknown as { __shown: { item: Notification }[]; __hidden: boolean };
      w.__hidden = false;
      const shown = w.__shown[0]!.item;
      shown.onclick?.call(shown, new Event('click'));
    });
    await expect(johnPage).toHaveURL(new RegExp(`/conversations/${conversation.id}`));
    await expect(bell).toHaveAccessibleName('Notifications');
    await johns.close();
  });

  test('the open panel fits a 375 px screen and offers desktop notifications until asked', async ({
    page,
  }) => {
    const { jane, conversation, john } = await fixtures(page);
    await apiCall(
      page.request,
      jane.token,
      'POST',
      `/ws/acme/inbox/conversations/${conversation.id}/messages`,
      { kind: 'note', body: `Small screen check, @[John Roe](${john.id})` },
    );
    await page.setViewportSize({ width: 375, height: 720 });
    await signInAs(page, USERS.john);
    await page.goto('/ws/acme/inbox/all');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
    // The bell fits in the top bar: nothing scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    ).toBe(true);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item').first()).toContainText(
      'Jane Doe mentioned you',
    );
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const permission = await page.evaluate(() => Notification.permission);
    if (permission === 'default')
      await expect(panel.getByTestId('notifications-desktop')).toHaveText(
        'Turn on desktop notifications',
      );
    await expectNoAxeViolations(page, 'notifications panel at 375 px');
    // Escape closes it and gives the focus back to the bell; Mark all as read clears the badge.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell).toBeFocused();
    await bell.click();
    await panel.getByTestId('notifications-read-all').click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifications');
  });
});
