// After-call work on the real stack: an admin sets the call dispositions in Settings;
// an agent takes an inbound call, picks a disposition and writes a note in after-call work, and
// finishes; the call history shows the disposition, its CSV download has both, and the
// conversation's call part shows them.
import { readFile } from 'node:fs/promises';
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { saveReadmeScreenshot } from './support/screenshots';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, connectionRecord, VoiceEmulator } from './support/voice';

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async ({ request }) => {
  // The journey's codes go again, so the next journeys start from a workspace without them.
  const { token } = await apiSignIn(request, USERS.jane);
  await apiCall(request, token, 'PUT', '/ws/acme/settings/dispositions', { dispositions: [] });
  await emulator.quiet();
  await emulator.dispose();
});

test.beforeEach(async () => {
  await emulator.quiet();
});

test('inbound call → after-call work: disposition and note, visible in the call history, its CSV and the conversation', async ({
  page,
}) => {
  const caller = CALLERS.olivia;
  const note = `Wants a callback on Monday ${Date.now()}`;
  const auth = await signInAs(page, USERS.jane);

  // Settings → Call dispositions (admin).
  await page.goto('/ws/acme/settings/call-dispositions');
  const settings = page.getByTestId('settings-dispositions');
  for (const name of ['Resolved', 'Callback needed']) {
    await settings.getByLabel('New disposition').fill(name);
    await settings.getByTestId('disposition-add').click();
  }
  await expect(settings.getByTestId('disposition-row')).toHaveText(['Resolved', 'Callback needed']);
  await settings.getByTestId('dispositions-save').click();
  await expect(page.getByTestId('toast').getByText('Call dispositions saved')).toBeVisible();
  await saveReadmeScreenshot(page, 'settings-dispositions-light');
  await expectNoAxeViolations(page, 'settings call dispositions');

  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await jane.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await expect(jane.callTimer).toHaveText(/^00:(0[2-9]|[1-5]\d)$/);
  await emulator.customer(call.contactId, 'hangup');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');

  const form = jane.callPanel.getByTestId('voice-acw-form');
  await form.getByLabel('Disposition').selectOption('Callback needed');
  await form.getByLabel('Notes').fill(note);
  await saveReadmeScreenshot(page, 'voice-acw-light');
  await expectNoAxeViolations(page, 'call panel after-call work');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
  await jane.setStatus('Off');

  // Saved on the call (the server's record of it).
  await expect
    .poll(async () => {
      const { connection } = await connectionRecord(page.request, auth.token, call.contactId);
      return connection.idConversation;
    })
    .toBeTruthy();

  await jane.openPanel('Call history');
  const row = jane.historyRows.filter({ hasText: caller.name }).first();
  await expect(row.getByTestId('voice-call-disposition')).toHaveText(/Callback needed/);
  await expect(row.getByTestId('voice-call-disposition')).toHaveAttribute('title', note);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    jane.panel.getByTestId('voice-history-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^voice_call_history-\d+\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe(
    'createdAt,type,answered,contactName,contactPhoneNumber,agent,durationSeconds,disposition,notes',
  );
  const line = lines.find((l) => l.endsWith(note));
  expect(line, csv).toMatch(
    new RegExp(`,inbound,yes,${caller.name},\\${caller.phone},Jane Doe,\\d+,Callback needed,`),
  );

  // The conversation's call part shows them too.
  const { connection } = await connectionRecord(page.request, auth.token, call.contactId);
  await page.goto(`/ws/acme/inbox/all/conversations/${connection.idConversation}`);
  const part = page.locator(`[data-testid="call-part"][data-id-communication="${call.contactId}"]`);
  await expect(part.getByTestId('call-part-disposition')).toHaveText('Callback needed');
  await expect(part.getByTestId('call-part-notes')).toHaveText(note);
});
