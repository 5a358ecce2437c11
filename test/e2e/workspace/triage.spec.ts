// Triage of conversations: tags, priority and a snooze from the conversation (the snoozed one
// opens again by itself when its time comes, live), and 50 conversations closed at once from the
// list's bulk actions. Each journey works on conversations it creates.
import type { Page } from '@playwright/test';
import { apiCall, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { saveReadmeScreenshot } from './support/screenshots';

interface Started {
  conversation: { id: string; status: string; priority: string; tags: { name: string }[] };
}

/** A contact with an email address and an email conversation with them (assigned to the caller). */
async function conversationWith(page: Page, token: string, name: string): Promise<string> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const { contact } = await apiCall<{ contact: { id: string } }>(
    page.request,
    token,
    'POST',
    '/ws/acme/contacts',
    { name, email: `${slug}@triage.example.com` },
  );
  const started = await apiCall<Started>(
    page.request,
    token,
    'POST',
    '/ws/acme/inbox/conversations',
    {
      contactId: contact.id,
      channel: 'email',
      subject: `About ${name}`,
    },
  );
  return started.conversation.id;
}

test.describe('conversation triage', () => {
  test('tags, priority and snooze from the conversation; the snoozed one opens again when its time comes', async ({
    page,
  }) => {
    const auth = await signInAs(page, USERS.jane);
    const stamp = Date.now().toString(36);
    const name = `Triage ${stamp}`;
    const id = await conversationWith(page, auth.token, name);
    const inbox = new InboxPage(page);
    await page.goto(`/ws/acme/inbox/all/conversations/${id}`);
    await expect(inbox.conversationTitle).toHaveText(name);

    // a tag added and removed, a priority the list shows
    const tags = page.getByTestId('tag-editor');
    await page.getByTestId('tag-add').selectOption({ label: '#vip' });
    await expect(tags.getByRole('listitem')).toHaveText(['#vip']);
    await page.getByTestId('conversation-priority').selectOption({ label: 'High' });
    await expect(inbox.row(id).getByTestId('priority-badge')).toHaveText('High');
    await expectNoAxeViolations(page, 'conversation with tags and priority');
    await tags.getByRole('button', { name: 'Remove tag vip' }).click();
    await expect(tags.getByRole('listitem')).toHaveCount(0);

    // snoozed for an hour: it leaves the open list
    await page.getByTestId('conversation-snooze').click();
    await page.getByRole('menuitem', { name: 'In 1 hour' }).click();
    await expect(page.getByTestId('conversation-snoozed')).toContainText('Snoozed until');
    await expect(inbox.status).toHaveValue('snoozed');
    await expect(inbox.row(id)).toHaveCount(0);

    // its time comes (moved to a few seconds from now): the server opens it and the screen follows
    await apiCall(page.request, auth.token, 'PATCH', `/ws/acme/inbox/conversations/${id}`, {
      snoozedUntil: new Date(Date.now() + 2_000).toISOString(),
    });
    await expect(inbox.row(id)).toBeVisible();
    await expect(inbox.status).toHaveValue('open');
    await expect(page.getByTestId('conversation-snoozed')).toHaveCount(0);
  });

  test('50 conversations closed at once from the list; the bulk bar fits a phone', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const auth = await signInAs(page, USERS.jane);
    const stamp = Date.now().toString(36);
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 10)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            conversationWith(page, auth.token, `Bulk ${stamp} ${String(i + j).padStart(2, '0')}`),
          ),
        )),
      );
    const inbox = new InboxPage(page);
    await page.goto(`/ws/acme/inbox/all?q=${encodeURIComponent(`Bulk ${stamp}`)}`);
    await expect(inbox.rows.first()).toBeVisible();
    await page.getByTestId('conversation-select-mode').click();
    const selectAll = page.getByTestId('bulk-select-all');
    // The list loads a page at a time: scroll until all 50 are loaded.
    const scroll = page.getByTestId('conversation-scroll');
    await expect(async () => {
      await scroll.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(selectAll).toHaveText('Select all 50', { timeout: 1_000 });
    }).toPass();
    await selectAll.click();
    await expect(page.getByTestId('bulk-count')).toHaveText('50 selected');
    await expectNoAxeViolations(page, 'conversation list with bulk actions');

    await page.setViewportSize({ width: 375, height: 812 });
    const bar = page.getByTestId('bulk-bar');
    for (const control of await bar.locator('select, button').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('bulk-close').click();
    await expect(page.getByTestId('toast').getByText('50 conversations updated')).toBeVisible();
    await expect(inbox.listEmpty).toBeVisible();
    const closed = await Promise.all(
      ids.map((id) =>
        apiCall<Started>(page.request, auth.token, 'GET', `/ws/acme/inbox/conversations/${id}`),
      ),
    );
    expect(closed.map((c) => c.conversation.status)).toEqual(ids.map(() => 'closed'));
  });
});

test('keyboard shortcuts: J and K move through the list, / searches, ? lists them, and R, N, A, E, I, S act on the open conversation (never while typing)', async ({
  page,
}) => {
  const auth = await signInAs(page, USERS.jane);
  const stamp = Date.now().toString(36);
  const name = `Shortcuts ${stamp}`;
  const id = await conversationWith(page, auth.token, name);
  await apiCall(page.request, auth.token, 'PATCH', `/ws/acme/inbox/conversations/${id}`, {
    assigneeId: null,
  });
  const inbox = new InboxPage(page);
  await inbox.open('acme', 'all');
  await expect(inbox.rows.nth(1)).toBeVisible();
  // The shortcuts load after the inbox paints: wait until they are bound.
  await expect(page.locator('html')).toHaveAttribute('data-inbox-shortcuts', 'ready');
  const hrefs = await inbox.rows.evaluateAll((rows) =>
    rows.slice(0, 2).map((r) => new URL((r as HTMLAnchorElement).href).pathname),
  );
  await page.keyboard.press('j');
  await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);
  await page.keyboard.press('j');
  await expect(page).toHaveURL((url) => url.pathname === hrefs[1]);
  await page.keyboard.press('k');
  await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);

  await page.keyboard.press('Shift+Slash');
  const overlay = page.getByTestId('shortcuts-dialog');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('Close the conversation');
  await saveReadmeScreenshot(page, 'inbox-shortcuts-light');
  await expectNoAxeViolations(page, 'keyboard shortcuts');
  // J does nothing while the overlay is open
  await page.keyboard.press('j');
  await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  await page.keyboard.press('Slash');
  await expect(inbox.search).toBeFocused();
  await page.keyboard.press('Escape');
  await inbox.search.blur();

  await page.goto(`/ws/acme/inbox/all/conversations/${id}`);
  await expect(inbox.conversationTitle).toHaveText(name);
  await expect(page.locator('html')).toHaveAttribute('data-conversation-shortcuts', 'ready');
  // N: a note, the focus in the field; typing an E there is text, not a shortcut
  await page.keyboard.press('n');
  await expect(page.getByTestId('composer-mode-note')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('composer-input')).toBeFocused();
  await page.keyboard.type('e');
  await expect(page.getByTestId('composer-input')).toHaveValue('e');
  await expect(inbox.status).toHaveValue('open');
  await page.getByTestId('composer-input').fill('');
  await page.getByTestId('composer-input').blur();
  await page.keyboard.press('r');
  await expect(page.getByTestId('composer-mode-message')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('composer-input').blur();

  // A: assigned to Jane; E: closed; I: the contact beside it; S: the snooze menu
  await page.keyboard.press('a');
  await expect(page.getByTestId('toast').getByText('Assigned to you')).toBeVisible();
  await expect(page.getByTestId('conversation-assignee').locator('option:checked')).toHaveText(
    'Jane Doe',
  );
  await page.keyboard.press('e');
  await expect(page.getByTestId('toast').getByText('Conversation closed')).toBeVisible();
  await expect(inbox.status).toHaveValue('closed');
  await page.keyboard.press('i');
  await expect(page.getByTestId('conversation-contact-toggle')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('s');
  await expect(page.getByRole('menuitem', { name: 'In 1 hour' })).toBeVisible();
  await page.keyboard.press('Escape');
});
