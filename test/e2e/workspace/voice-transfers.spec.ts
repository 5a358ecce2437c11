// Transfers to the contact centre's quick connects: the external quick connect
// 'Support line' joins the call as a third party, a number typed with spaces in the transfer's
// 'Number' tab joins in its E.164 form, and a team of Settings → Teams mapped to a contact-centre
// queue is offered and transfers to the queue. The real stack: workspace server, contact-centre
// emulator, the app.
import type { Page } from '@playwright/test';
import { USERS, apiSignIn } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';
import { saveReadmeScreenshot } from './support/screenshots';

test.describe.configure({ timeout: 120_000 });

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

/** Jane Available in her inbox, on a connected inbound call from `phone`; its contact id. */
async function janeOnACall(page: Page, phone: string): Promise<{ jane: VoicePage; id: string }> {
  if (!page.url().includes('/ws/acme/')) {
    await signInAs(page, USERS.jane);
    await page.goto('/ws/acme/inbox/all');
  }
  const jane = new VoicePage(page);
  await expect(jane.chip).toHaveAttribute('data-state', /^(available|offline|custom)$/, {
    timeout: 60_000,
  });
  if ((await jane.chip.getAttribute('data-state')) !== 'available') await jane.setStatus('On');
  await expect(jane.chip).toHaveAttribute('data-state', 'available');
  const dialled = await emulator.dial(phone);
  await emulator.waitForContact(phone, 'jane');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  return { jane, id: dialled.contactId };
}

/** Jane leaves the call she transferred ('Exit'), then finishes after-call work. */
async function exitAndFinish(jane: VoicePage): Promise<void> {
  await jane.control('Exit').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
}

/** The states of the contact's third-party connections dialling `phoneNumber`. */
async function partyStates(id: string, phoneNumber: string): Promise<string[]> {
  return (await emulator.contact(id)).connections
    .filter((c) => c.phoneNumber === phoneNumber)
    .map((c) => c.state);
}

test("transfer to the external quick connect 'Support line', then to a number typed with spaces", async ({
  page,
}) => {
  const { jane, id } = await janeOnACall(page, CALLERS.olivia.phone);
  await jane.control('Transfer').click();
  await expect(jane.transferModal).toBeVisible();
  await jane.transferModal.getByRole('tab', { name: /^Quick connects/ }).click();
  await expect(jane.transferModal.getByRole('heading', { name: 'External numbers' })).toBeVisible();
  await saveReadmeScreenshot(page, 'voice-transfer-quick-connects-light');
  await jane.transferTargets.filter({ hasText: 'Support line' }).click();
  await expect(jane.transferModal).toBeHidden();
  // The external party joins the call as a third-party connection and answers.
  await expect.poll(() => partyStates(id, '+15555550199')).toEqual(['connected']);
  await exitAndFinish(jane);
  await emulator.customer(id, 'hangup');

  const second = await janeOnACall(page, CALLERS.noah.phone);
  await second.jane.control('Transfer').click();
  await second.jane.transferModal.getByRole('tab', { name: 'Number' }).click();
  await second.jane.transferModal.getByLabel('Phone number').fill('+44 20 7946 0321');
  await second.jane.transferModal.getByRole('button', { name: 'Add to call' }).click();
  await expect(second.jane.transferModal).toBeHidden();
  await expect.poll(() => partyStates(second.id, '+442079460321')).toEqual(['connected']);
  await expect(page.getByText(/E\.164|Bad endpoint/)).toHaveCount(0);
  await exitAndFinish(second.jane);
  await emulator.customer(second.id, 'hangup');
});

test('a team mapped to a contact-centre queue in Settings → Teams is offered and transfers the call to the queue', async ({
  page,
  request,
}) => {
  const { token } = await apiSignIn(request, USERS.jane);
  const headers = { authorization: `Bearer ${token}` };
  const queues = (await (
    await request.get('/api/ws/acme/settings/queues', { headers })
  ).json()) as { queues: { id: string; name: string }[] };
  const sales = queues.queues.find((q) => q.name === 'Sales')!;
  const name = `Sales desk ${Date.now()}`;
  const created = await request.post('/api/ws/acme/settings/teams', {
    headers,
    data: { name, queueId: sales.id },
  });
  expect(created.status()).toBe(201);
  const { team } = (await created.json()) as { team: { id: string } };
  try {
    const { jane, id } = await janeOnACall(page, CALLERS.olivia.phone);
    const before = (await emulator.contact(id)).connections.length;
    await jane.control('Transfer').click();
    await jane.transferModal.getByRole('tab', { name: /^Teams/ }).click();
    const target = jane.transferTargets.filter({ hasText: name });
    await expect(target).toContainText('Sales queue');
    await target.click();
    await expect(jane.transferModal).toBeHidden();
    // The transfer waits in the Sales queue (no agent of it is free): a party joins the contact.
    await expect
      .poll(async () => (await emulator.contact(id)).connections.length)
      .toBeGreaterThan(before);
    await jane.control('Exit').click();
    await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
    await jane.control('Finish').click();
    // The customer waits in the Sales queue, and jane, Available again and serving that queue, is
    // offered the call from it (as Amazon Connect routes a queue transfer).
    await expect(jane.callPanel).toHaveAttribute('data-state', 'incoming');
    await emulator.customer(id, 'hangup');
  } finally {
    await request.delete(`/api/ws/acme/settings/teams/${team.id}`, { headers });
  }
});
