// The inbox on the demo data: lists with counts, search, a conversation with its messages, the
// composer with saved replies, assignment and status.
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { InboxPage } from './support/pages/inbox.page';
import { connectionRecord, VoiceEmulator } from './support/voice';

interface Counts {
  counts: {
    all: number | null;
    unassigned: number | null;
    mine: number;
    tags: { id: string; name: string; count: number }[] | null;
    views: { id: string; name: string; count: number }[] | null;
  };
}

test.describe('inbox', () => {
  test('each list shows its open conversations and the count beside it matches', async ({
    page,
  }) => {
    const auth = await signInAs(page, USERS.jane);
    const { counts } = await apiCall<Counts>(
      page.request,
      auth.token,
      'GET',
      '/ws/acme/inbox/counts',
    );
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    const lists: [string, string | undefined, number | null][] = [
      ['all', undefined, counts.all],
      ['unassigned', undefined, counts.unassigned],
      ['mine', undefined, counts.mine],
      ...(counts.tags ?? []).map((t): [string, string, number] => ['tags', t.id, t.count]),
      ...(counts.views ?? []).map((v): [string, string, number] => ['views', v.id, v.count]),
    ];
    expect(lists.length).toBeGreaterThan(4);
    for (const [kind, id, count] of lists) {
      await inbox.listLink(kind, id).click();
      await expect(inbox.listCount(kind, id)).toHaveText(String(count));
      if (count === 0) await expect(inbox.listEmpty).toBeVisible();
      else await expect(inbox.rows).toHaveCount(count ?? 0);
      for (const status of await inbox.rows.evaluateAll((rows) =>
        rows.map((r) => r.getAttribute('data-status')),
      ))
        expect(status).toBe('open');
    }
  });

  test('search narrows the list; no match says so', async ({ page }) => {
    await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'all');
    await expect(inbox.rows.first()).toBeVisible();
    await inbox.search.fill('invoice');
    await expect(inbox.rows).toHaveCount(1);
    await expect(inbox.rows.first()).toContainText('Li Wei');
    await expect(page).toHaveURL(/[?&]q=invoice/);
    await inbox.search.fill('zzz-no-such-thing');
    await expect(inbox.listEmpty).toContainText('No conversations found');
  });

  test('a conversation: messages and notes; a reply and a note are sent; a saved reply is inserted', async ({
    page,
  }) => {
    await signInAs(page, USERS.john);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'mine');
    await inbox.rows.filter({ hasText: 'Maria Garcia' }).click();
    await expect(inbox.conversationTitle).toHaveText('Maria Garcia');
    await expect(inbox.messages.first()).toContainText('order #1042');
    await expect(inbox.notes).toContainText(['Carrier says it is held at the depot.']);

    await inbox.savedReplies.click();
    await page.getByTestId('saved-reply').filter({ hasText: 'Looking into it' }).click();
    await expect(inbox.composerInput).toHaveValue(
      'Thanks for your patience, I am looking into this now.',
    );
    await inbox.send.click();
    await expect(inbox.messages.last()).toContainText('I am looking into this now.');
    await expect(inbox.composerInput).toHaveValue('');

    await page.getByTestId('composer-mode-note').click();
    await inbox.composerInput.fill('Called the depot, parcel leaves today.');
    await inbox.composerInput.press('Control+Enter');
    await expect(inbox.notes.last()).toContainText('Called the depot');
  });

  test('assignment and status change the lists and the counts', async ({ page }) => {
    const auth = await signInAs(page, USERS.jane);
    const inbox = new InboxPage(page);
    await inbox.open('acme', 'unassigned');
    const before = Number(await inbox.listCount('unassigned').textContent());
    const mineBefore = Number(await inbox.listCount('mine').textContent());
    await inbox.rows.filter({ hasText: 'Li Wei' }).click();
    await inbox.assignee.selectOption({ label: 'Jane Doe' });
    await expect(inbox.listCount('unassigned')).toHaveText(String(before - 1));
    await expect(inbox.listCount('mine')).toHaveText(String(mineBefore + 1));
    await expect(inbox.rows.filter({ hasText: 'Li Wei' })).toHaveCount(0);

    await inbox.status.selectOption('closed');
    await expect(inbox.listCount('mine')).toHaveText(String(mineBefore));
    await inbox.listLink('mine').click();
    await inbox.statusFilter.selectOption('closed');
    // Other journeys close conversations of jane's too (channels, surveys): Li Wei's older one may
    // be past the first page of the closed list, so look it up by name.
    await inbox.search.fill('Li Wei');
    await expect(inbox.rows.filter({ hasText: 'Li Wei' })).toHaveCount(1);

    // the server recorded both changes
    const { conversations } = await apiCall<{
      conversations: {
        contact: { name: string };
        status: string;
        assignee: { name: string } | null;
      }[];
    }>(
      page.request,
      auth.token,
      'GET',
      '/ws/acme/inbox/conversations?folder=all&status=any&q=Li%20Wei',
    );
    expect(conversations[0]).toMatchObject({ status: 'closed', assignee: { name: 'Jane Doe' } });
  });

  test('infinite scroll loads the next pages of a long list', async ({ page }) => {
    const auth = await apiSignIn(page.request, USERS.jane);
    // Seed 45 conversations: 45 new numbers call while no agent takes calls, and the contact
    // centre's events start a conversation for each (one call at a time, so they are ordered).
    const emulator = await VoiceEmulator.find(page.request, auth.token);
    const seeded: string[] = [];
    try {
      await emulator.quiet();
      for (let i = 0; i < 45; i++) {
        const { contactId } = await emulator.dial(`+1555019${String(9000 + i)}`);
        let conversation: string | null = null;
        await expect
          .poll(
            async () => {
              conversation = await connectionRecord(page.request, auth.token, contactId).then(
                (r) => r.connection.idConversation,
                () => null,
              );
              return conversation !== null;
            },
            { message: `the call ${contactId} starts a conversation` },
          )
          .toBe(true);
        seeded.push(conversation!);
        await emulator.customer(contactId, 'hangup');
      }
    } finally {
      await emulator.dispose();
    }
    try {
      await signInAs(page, USERS.jane);
      const inbox = new InboxPage(page);
      await inbox.open('acme', 'all');
      // newest first: the last call made leads the list, the first one is on the second page
      await expect(inbox.rows.first()).toContainText('+1 555 019 9044');
      const scroller = page.getByTestId('conversation-scroll');
      const oldest = inbox.rows.filter({ hasText: '+1 555 019 9000' });
      await expect
        .poll(async () => {
          await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight / 2));
          return oldest.count();
        })
        .toBe(1);
      // virtualised: far fewer rows in the DOM than conversations loaded
      expect(await inbox.rows.count()).toBeLessThan(45);
    } finally {
      // Leave the open lists as the other journeys (and the README screenshots) expect them.
      for (const id of seeded)
        await apiCall(page.request, auth.token, 'PATCH', `/ws/acme/inbox/conversations/${id}`, {
          status: 'closed',
        });
    }
  });
});
