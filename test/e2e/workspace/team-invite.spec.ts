// Team invitations and password resets in the real app on the real workspace server, with mail
// read from the local channel gateway's mailbox: an admin invites by email, the invitee opens the
// mailed link, sets a password and lands in the inbox; a member who forgot their password asks for
// a link, sets a new one, their old session ends and they sign in with the new one. axe and
// 375 px on the accept page.
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { checkScreenEveryWay } from './support/screenshots';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;
const gatewayToken = process.env['CHANNEL_GATEWAY_CONTROL_TOKEN'] ?? '';

/** The link path (`/invite/…`, `/reset-password/…`) of the newest mail to `address`. */
async function mailedLink(
  request: APIRequestContext,
  address: string,
  kind: 'invite' | 'reset-password',
  count = 1,
): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const res = await request.get(
        `${gatewayUrl}/control/messages?channel=email&address=${encodeURIComponent(address)}`,
        { headers: { 'x-channel-gateway-token': gatewayToken } },
      );
      const { messages } = (await res.json()) as {
        messages: { direction: string; text: string }[];
      };
      const out = messages.filter((m) => m.direction === 'outbound');
      const match = new RegExp(`/${kind}/[A-Za-z0-9_-]{43}`).exec(out.at(-1)?.text ?? '');
      if (out.length >= count && match) path = match[0];
      return path;
    })
    .not.toBe('');
  return path;
}

test.describe('team invitations and password reset', () => {
  test('an admin invites by email; the invitee opens the mailed link, sets a password and lands in the inbox', async ({
    page,
    browser,
  }) => {
    const email = `invitee-${Date.now()}@new.test`;
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/settings/agents');
    await page.getByTestId('invite-agent').click();
    await page.getByTestId('invite-email').fill(email);
    await page.getByTestId('invite-name-input').fill('Ivy Invitee');
    await checkScreenEveryWay(page, 'team-invite-dialog');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/settings/invitations') && r.request().method() === 'POST',
    );
    await page.getByTestId('invite-send').click();
    expect((await sent).status()).toBe(201);
    await expect(
      page.locator(`[data-testid=invitation-row][data-invitation-email="${email}"]`),
    ).toBeVisible();

    const link = await mailedLink(page.request, email, 'invite');
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 375, height: 740 },
    });
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByTestId('invite-page')).toContainText('Acme Inc.');
    await checkScreenEveryWay(invitee, 'team-invite-accept');
    await invitee.getByTestId('invite-password').fill('ivy-secret-pw');
    await invitee.getByTestId('invite-submit').click();
    await expect(invitee).toHaveURL(/\/ws\/acme\/inbox/);

    // The link works once.
    await invitee.goto(link);
    await expect(invitee.getByTestId('invite-error')).toBeVisible();
    await context.close();
  });

  test('forgot password: mail, new password, the old session ends, sign in with the new one', async ({
    page,
    browser,
  }) => {
    // A member of its own (joined by invitation), so other journeys keep the demo passwords.
    const email = `resetter-${Date.now()}@new.test`;
    const admin = await apiSignIn(page.request, USERS.jane);
    const invited = await page.request.post('/api/ws/acme/settings/invitations', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { email, name: 'Rita Reset', role: 'agent' },
    });
    expect(invited.status()).toBe(201);
    const invite = await mailedLink(page.request, email, 'invite');
    const joined = await page.request.post(
      `/api${invite.replace('/invite/', '/invitations/')}/accept`,
      {
        data: { name: 'Rita Reset', password: 'ritas-first-pw' },
      },
    );
    expect(joined.status()).toBe(200);
    const old = (await joined.json()) as { token: string };

    await page.goto('/sign-in');
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('forgot-password-email').fill(email);
    await page.getByTestId('forgot-password-submit').click();
    await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

    const link = await mailedLink(page.request, email, 'reset-password');
    await page.goto(link);
    await expect(page.getByTestId('reset-password-input')).toBeVisible();
    await checkScreenEveryWay(page, 'password-reset');
    await page.getByTestId('reset-password-input').fill('ritas-new-password');
    await page.getByTestId('reset-password-submit').click();
    await expect(page).toHaveURL(/\/ws\/acme\/inbox/);

    const me = await page.request.get('/api/me', {
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(me.status()).toBe(401);
    const wrong = await page.request.post('/api/auth/login', {
      data: { email, password: 'ritas-first-pw' },
    });
    expect(wrong.status()).toBe(401);

    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const again = await fresh.newPage();
    await again.goto('/sign-in');
    await again.getByTestId('sign-in-email').fill(email);
    await again.getByTestId('sign-in-password').fill('ritas-new-password');
    await again.getByTestId('sign-in-submit').click();
    await expect(again.getByTestId('sign-in-page')).toHaveCount(0);
    await fresh.close();
  });
});
