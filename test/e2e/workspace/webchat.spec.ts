// Web chat end to end: a visitor on the demo host page (the widget from its one script tag) and
// an agent in the inbox see each other's messages live, the reply's state reaches "Read", the
// conversation survives the visitor's reload, and a visitor nobody answered can leave an email.
import { USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { saveReadmeScreenshot } from './support/screenshots';

// Two browsers and the app's first loads share a busy machine: each step may take a while.
const slow = expect.configure({ timeout: 45_000 });

test.describe('web chat', () => {
  test('visitor ↔ agent live both ways; the reply is read; the chat survives a reload; the visitor can leave an email', async ({
    page,
    browser,
  }) => {
    // Two browsers, one journey across both.
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    // The agent's event stream is open before the visitor writes (live, not a reload).
    const stream = page.waitForResponse((r) => r.url().includes('/api/ws/acme/events'), {
      timeout: 90_000,
    });
    await inbox.open('acme', 'all');
    await stream;
    // The app's first load on a busy machine.
    await slow(inbox.rows.first()).toBeVisible();

    // The visitor, in a browser of their own, on the demo website. Nobody answering for 4 s
    // offers the email form.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/widget/demo/acme?awayAfter=4');
    await visitor.getByTestId('webchat-launcher').click({ timeout: 30_000 });
    const panel = visitor.getByTestId('webchat-panel');
    await slow(panel).toBeVisible();
    await slow(panel).toHaveAttribute('aria-label', 'Chat with Acme Inc.');
    const first = `Do you ship to Canada? ${stamp}`;
    await visitor.getByTestId('webchat-input').fill(first);
    await visitor.getByTestId('webchat-send').click();
    await slow(visitor.getByTestId('webchat-message').last()).toHaveText(first);

    // The agent's list shows it without a reload; open it and answer.
    const row = inbox.rows.filter({ hasText: first });
    await slow(row).toBeVisible();
    await row.click();
    await slow(inbox.messages.last()).toContainText(first);
    const answer = `Yes, we do! ${stamp}`;
    await inbox.composerInput.fill(answer);
    await inbox.send.click();

    // The visitor sees it live; with the panel open it is read, and the agent sees that.
    await slow(visitor.getByTestId('webchat-message').last()).toHaveText(answer);
    const reply = inbox.messages.filter({ hasText: answer });
    await slow(reply.getByTestId('message-delivery')).toHaveAttribute('data-status', 'read');

    // A reload keeps the conversation (the token is in the visitor's storage).
    await visitor.reload();
    await slow(visitor.getByTestId('webchat-panel')).toBeVisible();
    await slow(visitor.getByTestId('webchat-message')).toHaveText([first, answer]);
    const second = `How long does it take? ${stamp}`;
    await visitor.getByTestId('webchat-input').fill(second);
    await visitor.getByTestId('webchat-input').press('Enter');
    // The agent's open conversation gets it live.
    await slow(inbox.messages.last()).toContainText(second);

    // Nobody answers: the widget offers to leave an email, which the contact then carries.
    await visitor.getByTestId('webchat-email').fill('visitor.' + stamp + '@example.com');
    await visitor.getByTestId('webchat-email-save').click();
    await slow(visitor.getByTestId('webchat-email-saved')).toContainText(
      `visitor.${stamp}@example.com`,
    );
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await saveReadmeScreenshot(visitor, 'channels-widget-light');
    await visitor.setViewportSize({ width: 375, height: 740 });
    await visitor.screenshot({ path: test.info().outputPath('widget-375.png') });
    await visitorContext.close();
  });
});
