// Google Meet from a conversation, in the real app on the real server against the gateway's Google
// stand-in (npm start sets Acme's Google Meet to its demo service account): an agent chooses
// "Create Meet link" in the composer's menu, the note with the Meet link shows in the thread, and
// the toast offers to copy it. axe clean; the same at 375 px. The settings page shows the last
// Meet link.
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { checkScreenEveryWay } from './support/screenshots';
import { InboxPage } from './support/pages/inbox.page';

const SUBJECT = 'Order #1042 has not arrived';

test.describe('Google Meet links', () => {
  for (const width of [1280, 375]) {
    test(`an agent creates a Meet link from a conversation and the note with the link shows (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const jane = await apiSignIn(page.request, USERS.jane);
      const { conversations } = await apiCall<{ conversations: { id: string; subject: string }[] }>(
        page.request,
        jane.token,
        'GET',
        '/ws/acme/inbox/conversations?folder=all&status=any&q=1042',
      );
      const conversation = conversations.find((c) => c.subject === SUBJECT)!;

      await signInAs(page, USERS.john);
      await page.goto(`/ws/acme/inbox/all/conversations/${conversation.id}`);
      const inbox = new InboxPage(page);
      await inbox.savedReplies.click();
      const created = page.waitForResponse(
        (r) => r.url().endsWith(`/conversations/${conversation.id}/meet`) && r.status() === 201,
      );
      await page.getByTestId('create-meet-link').click();
      const { meeting } = (await (await created).json()) as { meeting: { url: string } };
      expect(meeting.url).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);

      await expect(inbox.notes.filter({ hasText: meeting.url })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
      await expectNoAxeViolations(page, `conversation with a Meet link (${width} px)`);
      if (width === 1280) await checkScreenEveryWay(page, 'conversation-meet-link');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('the settings page says when the last Meet link was made', async ({ page }) => {
    const jane = await signInAs(page, USERS.jane);
    const { conversations } = await apiCall<{ conversations: { id: string }[] }>(
      page.request,
      jane.token,
      'GET',
      '/ws/acme/inbox/conversations?folder=all&status=any&q=1042',
    );
    await apiCall(
      page.request,
      jane.token,
      'POST',
      `/ws/acme/conversations/${conversations[0]!.id}/meet`,
      { idempotencyKey: `e2e-${Date.now()}` },
    );
    await page.goto('/ws/acme/settings/integrations/googleMeet');
    await expect(page.getByTestId('meet-run-status-success')).not.toHaveText('Never');
    await expect(page.getByTestId('meet-run-status-error')).toHaveText('None');
    await checkScreenEveryWay(page, 'settings-google-meet');
    await page.getByTestId('meet-test').click();
    await expect(page.getByText('Google Meet is connected').first()).toBeVisible();
    await expectNoAxeViolations(page, 'Google Meet settings');
  });
});
