// Voice journeys of the workspace app on the real stack: the workspace server, the contact-centre
// emulator (customers dial in and hang up through its control API) and the app's voice add-on
// (`@x/react-voice`) in headless Chromium with fake media devices.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from '@playwright/test';
import { apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { ContactsPage } from './support/pages/contacts.page';
import { InboxPage } from './support/pages/inbox.page';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, connectionRecord, VoiceEmulator } from './support/voice';

/** Phone calls take a few seconds each way; a journey takes several. */

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async () => {
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

/** The bytes of a finished download. */
async function readDownload(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** A second signed-in user in a browser context of its own (another agent's browser). */
async function openAgent(
  browser: Browser,
  email: string,
  path = '/ws/acme/inbox/all',
): Promise<{ context: BrowserContext; page: Page; voice: VoicePage }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email);
  await page.goto(path);
  const voice = new VoicePage(page);
  await voice.ready();
  return { context, page, voice };
}

test('inbound call: accept, hold, mute, keypad, transfer to an agent, after-call work, Finish', async ({
  page,
  browser,
}) => {
  const caller = CALLERS.olivia;
  const auth = await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await expect(jane.chip).toHaveAttribute('data-state', 'offline');
  await jane.setStatus('On');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');

  // John, in a browser of his own, stays Offline until the transfer.
  const john = await openAgent(browser, USERS.john);
  try {
    const dialled = await emulator.dial(caller.phone);
    await emulator.waitForContact(caller.phone, 'jane');

    // Ringing: the chip shows the call, the panel offers Accept and Decline.
    await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
    await expect(jane.chip).toHaveAttribute('data-state', 'on-call');
    await expect(jane.callPanel).toContainText('Incoming call');
    await expect(jane.callPanel).toContainText(caller.name);
    await jane.control('Accept').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
    await expect(jane.callTimer).toHaveText(/^\d\d:\d\d$/);

    // The server recorded the call as answered, in the caller's conversation.
    await expect
      .poll(
        async () =>
          (await connectionRecord(page.request, auth.token, dialled.contactId)).connection.answered,
      )
      .toBe(true);

    // Hold and resume.
    await jane.control('Hold').click();
    await expect(jane.control('Resume')).toHaveAttribute('aria-pressed', 'true');
    await expect(jane.callPanel).toContainText('Call on hold');
    await expect
      .poll(async () =>
        (await emulator.contact(dialled.contactId)).connections
          .filter((c) => c.type !== 'agent')
          .map((c) => c.state),
      )
      .toContain('hold');
    await jane.control('Resume').click();
    await expect(jane.control('Hold')).toHaveAttribute('aria-pressed', 'false');

    // Mute and unmute.
    await jane.control('Mute').click();
    await expect(jane.control('Unmute')).toHaveAttribute('aria-pressed', 'true');
    await jane.control('Unmute').click();
    await expect(jane.control('Mute')).toHaveAttribute('aria-pressed', 'false');

    // Keypad: digits go to the call as typed; other keys are blocked.
    await jane.control('Keypad').click();
    await expect(jane.keypad).toBeVisible();
    await jane.keypad.getByRole('button', { name: '4', exact: true }).click();
    await jane.keypad.getByRole('button', { name: '2', exact: true }).click();
    await jane.keypad.getByRole('button', { name: '#', exact: true }).click();
    await expect
      .poll(async () =>
        (await emulator.contact(dialled.contactId)).digits.map((d) => d.digits).join(''),
      )
      .toBe('42#');

    // Transfer to John: he becomes Available in his browser, jane picks him in 'Transfer call'.
    await john.voice.setStatus('On');
    await expect(john.voice.chip).toHaveAttribute('data-state', 'available');
    await jane.control('Transfer').click();
    await expect(jane.transferModal).toBeVisible();
    const target = jane.transferTargets.filter({ hasText: 'John Roe' });
    // The server shares agents' live data for a second (answering the last snapshot while it
    // reads the next): refresh until John shows as available.
    await expect
      .poll(async () => {
        if ((await target.count()) === 0)
          await jane.transferModal.getByRole('button', { name: 'Refresh' }).click();
        return target.count();
      })
      .toBe(1);
    await target.click();
    await expect(jane.transferModal).toBeHidden();

    // John's browser rings; he accepts.
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'incoming');
    await john.voice.control('Accept').click();
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'connected');
    await expect
      .poll(async () => (await emulator.agent('john')).contacts.length, {
        message: 'john holds the call',
      })
      .toBe(1);

    // The customer, jane and John are on the call; jane leaves it with 'Exit' (her transfer is
    // done): after-call work, then Finish.
    await expect(jane.callPanel.getByRole('region', { name: 'Participants' })).toContainText(
      'John Roe',
    );
    await jane.control('Exit').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await expect(jane.callPanel).toContainText("you're on after call work");
    await jane.control('Finish').click();
    await expect(jane.callPanel).toBeHidden();
    await expect(jane.chip).toHaveAttribute('data-state', 'available');

    // The customer hangs up on John: after-call work for him; Finish.
    await emulator.customer(dialled.contactId, 'hangup');
    await expect(john.voice.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await john.voice.control('Finish').click();
    await expect(john.voice.callPanel).toBeHidden();

    // The finished call's conversation shows its call part (recording and transcript).
    const { connection } = await connectionRecord(page.request, auth.token, dialled.contactId);
    expect(connection.idConversation).toBeTruthy();
    const inbox = new InboxPage(page);
    await page.goto(`/ws/acme/inbox/all/conversations/${connection.idConversation}`);
    await expect(inbox.conversationTitle).toHaveText(caller.name);
    await expect(inbox.callParts.first()).toBeVisible();
  } finally {
    await john.context.close();
  }
});

test('outbound call from a contact page; a number without + is refused with the §5 message', async ({
  page,
}) => {
  const callee = CALLERS.noah;
  const auth = await signInAs(page, USERS.jane);
  const contacts = new ContactsPage(page);
  await contacts.open('acme');
  await contacts.search.fill(callee.name);
  await contacts.rows.filter({ hasText: callee.name }).click();
  await expect(contacts.name).toHaveText(callee.name);
  const jane = new VoicePage(page);
  await jane.ready();
  await expect(contacts.dialerNumber).toHaveValue(callee.phone);

  // An outbound number must start with +.
  await contacts.dialerNumber.fill(callee.phone.slice(1));
  await contacts.callButton.click();
  await expect(contacts.dialer.getByText('Phone number is not valid.')).toBeVisible();
  await expect(jane.callPanel).toBeHidden();
  expect((await emulator.contacts()).filter((c) => c.state !== 'ended')).toEqual([]);

  // A valid number calls: the panel shows the outgoing call with End call only.
  const conversationStarts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/addons/voice/conversation'))
      conversationStarts.push(r.url());
  });
  await contacts.dialerNumber.fill(callee.phone);
  await contacts.callButton.click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'outgoing');
  await expect(jane.callPanel).toContainText(callee.name);
  await expect(jane.control('End call')).toBeVisible();
  await expect(jane.control('Hold')).toHaveCount(0);
  const outbound = await emulator.waitForContact(callee.phone, 'jane');

  // The customer answers: connected controls; the server holds the call in the contact's conversation.
  await emulator.customer(outbound.contactId, 'answer');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await expect(jane.control('Hold')).toBeVisible();
  // (the start waits its cross-tab delay of up to 500 ms: it may follow the answer)
  await expect.poll(() => conversationStarts.length).toBe(1);
  await expect
    .poll(
      async () =>
        (await connectionRecord(page.request, auth.token, outbound.contactId).catch(() => null))
          ?.connection.idConversation,
    )
    .toBeTruthy();
  const { connection } = await connectionRecord(page.request, auth.token, outbound.contactId);
  expect(connection).toMatchObject({ communicationType: 'outbound' });

  // Jane hangs up: after-call work, Finish.
  await jane.control('End call').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
});

test('a supervisor joins a live call as listener, then participant, and leaves through "Leave call?"', async ({
  page,
  browser,
}) => {
  const caller = CALLERS.demo;
  await signInAs(page, USERS.john);
  await page.goto('/ws/acme/inbox/all');
  const john = new VoicePage(page);
  await john.ready();
  await john.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'john');
  await john.control('Accept').click();
  await expect(john.callPanel).toHaveAttribute('data-state', 'connected');

  const ana = await openAgent(browser, USERS.ana);
  try {
    await ana.voice.openPanel('Live calls');
    const row = ana.voice.liveRows.filter({ hasText: caller.name });
    await expect(row).toContainText('John Roe');
    await expect(row.getByTestId('voice-live-elapsed')).toContainText(/^\d\d:\d\d/);
    await row.getByRole('button', { name: 'Join' }).click();

    // Ana listens: the monitoring panel, Listener on; the emulator has her silent-monitor leg.
    await expect(ana.voice.callPanel).toHaveAttribute('data-state', 'monitoring');
    await expect(ana.voice.control('Listener')).toHaveAttribute('aria-pressed', 'true');
    await expect(ana.voice.callPanel).toContainText("You're a call listener");
    const monitorLeg = async () =>
      (await emulator.contact(call.contactId)).connections.find((c) => c.agent === 'ana');
    await expect.poll(async () => (await monitorLeg())?.state).toBeTruthy();
    await expectNoAxeViolations(ana.page, 'call panel, monitoring');

    // Participant (barge): she joins the conversation, muted.
    await ana.voice.control('Participant').click();
    await expect(ana.voice.control('Participant')).toHaveAttribute('aria-pressed', 'true');
    await expect(ana.voice.control('Unmute')).toHaveAttribute('aria-pressed', 'true');

    // Leaving asks first; cancelling keeps her on the call.
    await ana.voice.control('Leave call').click();
    await expect(ana.voice.leaveDialog).toBeVisible();
    await expect(ana.voice.leaveDialog).toContainText('Leave call?');
    await expectNoAxeViolations(ana.page, "'Leave call?'");
    await expect(ana.voice.leaveDialog).toContainText(
      'If you leave call, rest of participants will continue in it and monitoring ends',
    );
    await ana.voice.leaveDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(ana.voice.callPanel).toHaveAttribute('data-state', 'monitoring');
    await ana.voice.control('Leave call').click();
    await ana.voice.leaveDialog.getByRole('button', { name: 'Leave' }).click();
    await expect(ana.voice.leaveDialog).toBeHidden();
    await expect(ana.voice.callPanel).not.toHaveAttribute('data-state', 'monitoring');
    if (await ana.voice.control('Finish').isVisible()) await ana.voice.control('Finish').click();
    await expect(ana.voice.callPanel).toBeHidden();

    // The call goes on between John and the customer.
    await expect(john.callPanel).toHaveAttribute('data-state', 'connected');
    expect((await emulator.contact(call.contactId)).state).not.toBe('ended');
  } finally {
    await ana.context.close();
  }
  await john.control('End call').click();
  await john.control('Finish').click();
  await expect(john.callPanel).toBeHidden();
});

// The lists do not poll: without Refresh, only the server's events can bring these changes (how
// fast they come is measured by a bench, not asserted here).
test("a supervisor's Live calls and agent list are live: the call appears and John's row changes when it ends, without Refresh", async ({
  page,
  browser,
}) => {
  const caller = CALLERS.demo;
  await signInAs(page, USERS.john);
  await page.goto('/ws/acme/inbox/all');
  const john = new VoicePage(page);
  await john.ready();
  await john.setStatus('On');

  const ana = await openAgent(browser, USERS.ana);
  const refreshes: string[] = [];
  ana.page.on('request', (r) => {
    if (/\/addons\/voice\/(live-calls|agents\/status)/.test(r.url())) refreshes.push(r.url());
  });
  try {
    await ana.voice.openPanel('Live calls');
    await expect(ana.voice.panel).toContainText('No live calls');
    await emulator.dial(caller.phone);
    await emulator.waitForContact(caller.phone, 'john');
    await john.control('Accept').click();
    // The contact centre's CONNECTED_TO_AGENT event goes out as John's panel connects.
    await expect(john.callPanel).toHaveAttribute('data-state', 'connected');
    const row = ana.voice.liveRows.filter({ hasText: caller.name });
    await expect(row).toContainText('John Roe');
    await expect(row.getByRole('button', { name: 'Join' })).toBeVisible();

    await ana.voice.tab('Agent list').click();
    const johnRow = ana.voice.agentRows.filter({ hasText: 'John Roe' });
    await expect(johnRow.locator('.xv-agent__badge')).toHaveText('On call');
    const loadsBefore = refreshes.length;
    await john.control('End call').click();
    await expect(john.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await expect(johnRow.locator('.xv-agent__badge')).not.toHaveText('On call');
    await john.control('Finish').click();
    await expect(john.callPanel).toBeHidden();
    await expect(johnRow.locator('.xv-agent__badge')).toHaveText('On');
    // Refetched on the server's events (no timer: nothing is asked between events).
    expect(refreshes.length).toBeGreaterThan(loadsBefore);

    await ana.voice.tab('Live calls').click();
    await expect(ana.voice.panel).toContainText('No live calls');
  } finally {
    await ana.context.close();
  }
});

/** Jane takes a call from `phone` and talks a moment; the customer hangs up; Finish. */
async function takeCall(jane: VoicePage, phone: string): Promise<string> {
  const call = await emulator.dial(phone);
  await emulator.waitForContact(phone, 'jane');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  // talk time makes the recording and the transcript (two seconds or more: a busy page may
  // render 00:03 without ever showing 00:02)
  await expect(jane.callTimer).toHaveText(/^00:(0[2-9]|[1-5]\d)$/);
  await emulator.customer(call.contactId, 'hangup');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
  return call.contactId;
}

test('call history lists the call; its recording (.wav) and transcript (.csv) download', async ({
  page,
}) => {
  const caller = CALLERS.demo;
  const auth = await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  const contactId = await takeCall(jane, caller.phone);
  await jane.setStatus('Off');
  // the call part (recording and transcript links) is recorded once the call is over
  await expect
    .poll(async () => {
      const { connection } = await connectionRecord(page.request, auth.token, contactId);
      return connection.idConversation;
    })
    .toBeTruthy();

  await jane.openPanel('Call history');
  const row = jane.historyRows.filter({ hasText: caller.name }).first();
  await expect(row).toBeVisible();
  await expect(jane.panel.getByTestId('voice-call-day').first()).toHaveText('Today');
  await expect(row).toContainText('Inbound');

  const menu = page.getByTestId('voice-call-menu');
  const download = async (label: string) => {
    await row.getByTestId('voice-call-actions').click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('menuitem', { name: label }).click(),
    ]);
    return file;
  };

  const recording = await download('Recording (.wav)');
  expect(recording.suggestedFilename()).toMatch(/^voice_call_recording-\d+\.wav$/);
  const wav = await readDownload(recording);
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
  // 8 kHz, 16-bit, stereo: more than a second of talk is more than 32,000 bytes of samples
  expect(wav.length).toBeGreaterThan(32_000);

  const transcript = await download('Transcript (.csv)');
  expect(transcript.suggestedFilename()).toMatch(/^voice_call_transcript-\d+\.csv$/);
  const csv = (await readDownload(transcript)).toString('utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe(
    'participantRole,participantName,beginOffsetMillis,endOffsetMillis,sentiment,content',
  );
  // speaker turns of the call, with their times
  expect(lines.length, csv).toBeGreaterThan(0);
  for (const line of lines) expect(line, csv).toMatch(/^(AGENT|CUSTOMER),[^,]*,\d+,\d+,/);

  // 'View more details' opens the call's conversation.
  await row.getByTestId('voice-call-actions').click();
  await menu.getByRole('menuitem', { name: 'View more details' }).click();
  await expect(page).toHaveURL(/\/ws\/acme\/inbox\/all\/conversations\/[^/?]+$/);
  await expect(new InboxPage(page).conversationTitle).toHaveText(caller.name);
});

test('two tabs of one agent: each cross-tab action is done once (counted at the server)', async ({
  page,
  context,
}) => {
  const callee = CALLERS.olivia;
  // What the server received from this browser (both tabs share it): the product voice API calls.
  const received: string[] = [];
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.includes('/addons/voice/') && !url.pathname.endsWith('/config'))
      received.push(`${r.method()} ${url.pathname.replace(/^.*\/addons\/voice\//, '')}`);
  });
  await signInAs(page, USERS.jane);
  await page.goto('/ws/acme/contacts/users');
  const second = await context.newPage();
  await second.goto('/ws/acme/inbox/all');
  const one = new VoicePage(page);
  const two = new VoicePage(second);
  await one.ready();
  await two.ready();

  const contacts = new ContactsPage(page);
  await contacts.search.fill(callee.name);
  await contacts.rows.filter({ hasText: callee.name }).click();
  await contacts.callButton.click();
  await expect(one.callPanel).toHaveAttribute('data-state', 'outgoing');
  await expect(two.callPanel).toHaveAttribute('data-state', 'outgoing');
  const call = await emulator.waitForContact(callee.phone, 'jane');
  await emulator.customer(call.contactId, 'answer');
  await expect(one.callPanel).toHaveAttribute('data-state', 'connected');
  await expect(two.callPanel).toHaveAttribute('data-state', 'connected');
  // one tab has told the server the call was answered (the other found its lock, which lasts
  // 5000 ms); the call ends after that, and the counts below say no tab did it twice
  const answered = () => received.filter((r) => r === 'POST acceptCall').length;
  await expect.poll(answered, { message: received.join('\n') }).toBeGreaterThan(0);
  await two.control('End call').click();
  await expect(one.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await expect(two.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await one.control('Finish').click();
  await expect(one.callPanel).toBeHidden();
  await expect(two.callPanel).toBeHidden();

  const count = (call: string) => received.filter((r) => r === call).length;
  // start conversation (outbound connecting) and answered (connected): once each
  expect(count('POST conversation'), received.join('\n')).toBe(1);
  expect(count('POST acceptCall'), received.join('\n')).toBe(1);
  // the connection updates (connecting, connected, ended): one tab each time, at most 3 (each
  // waits its random 0-500 ms before it takes the lock, so the last may still be on its way)
  const updates = () => received.filter((r) => r.startsWith('GET connections/')).length;
  await expect.poll(updates, { message: received.join('\n') }).toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  expect(updates(), received.join('\n')).toBeLessThanOrEqual(3);
});
