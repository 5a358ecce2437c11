// The emulator's CCP panel shows chat contacts beside the call: a chat started with
// StartChatContact rings in the panel while the agent is on a call, is accepted, transferred to
// another agent (whose panel accepts it), and, when its customer leaves through the Participant
// Service, goes to after-contact work and is closed; an offer can be rejected. A task from
// StartTaskContact is shown by its name, transferred to a queue, and ended by the agent.
import {
  ConnectClient,
  StartChatContactCommand,
  StartTaskContactCommand,
} from '@aws-sdk/client-connect';
import {
  ConnectParticipantClient,
  CreateParticipantConnectionCommand,
  DisconnectParticipantCommand,
} from '@aws-sdk/client-connectparticipant';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';

let emulator: Emulator;
let admin: ConnectClient;
let participant: ConnectParticipantClient;

test.beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => undefined });
  admin = new ConnectClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: emulator.adminCredentials,
    maxAttempts: 1,
  });
  participant = new ConnectParticipantClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
  });
});
// Each test starts from the seed (no contacts left from the one before; sessions stay).
test.beforeEach(async () => {
  const res = await fetch(`${emulator.url}/control/reset`, {
    method: 'POST',
    headers: emulator.controlHeaders,
  });
  expect(res.status).toBe(200);
});
test.afterAll(async () => {
  admin.destroy();
  participant.destroy();
  await emulator.close();
});

/** Opens the panel signed in as `username` and makes the agent Available. */
async function openPanel(page: Page, username: string): Promise<void> {
  await page.goto(`${emulator.url}/login?username=${username}&redirect=/connect/ccp-v2/`);
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('agent-status').selectOption('Available');
  await expect(page.getByTestId('agent-status')).toHaveAttribute('data-state-type', 'routable');
}

/** A customer starts a chat (StartChatContact) and connects (CreateParticipantConnection). */
async function startChat(name: string) {
  const started = await admin.send(
    new StartChatContactCommand({
      InstanceId: emulator.centre.instanceId,
      ContactFlowId: 'chat',
      ParticipantDetails: { DisplayName: name },
      InitialMessage: { ContentType: 'text/plain', Content: `Hello, this is ${name}` },
    }),
  );
  const connection = await participant.send(
    new CreateParticipantConnectionCommand({
      ParticipantToken: started.ParticipantToken!,
      Type: ['CONNECTION_CREDENTIALS'],
    }),
  );
  return {
    contactId: started.ContactId!,
    leave: () =>
      participant.send(
        new DisconnectParticipantCommand({
          ConnectionToken: connection.ConnectionCredentials!.ConnectionToken!,
        }),
      ),
  };
}

const card = (page: Page, name: string): Locator =>
  page
    .getByTestId('contact-card')
    .filter({ has: page.getByTestId('contact-name').getByText(name) });

test('chats ring beside a connected call, are accepted, transferred to an agent, rejected, and closed after the customer leaves', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await openPanel(page, 'jane');

  // A call, accepted in the panel.
  emulator.centre.dialIn('+15555550001', '+15555550123');
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'ringing');
  await page.getByTestId('accept-call').click();
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'on-call');

  // Two chats ring while the call goes on (the profile's CHAT concurrency is 2).
  const pat = await startChat('Pat');
  const sam = await startChat('Sam');
  for (const name of ['Pat', 'Sam']) {
    await expect(card(page, name)).toHaveAttribute('data-state', 'ringing');
    await expect(card(page, name)).toHaveAttribute('data-channel', 'chat');
    await expect(card(page, name).getByTestId('contact-channel')).toHaveText('Chat');
    await expect(card(page, name).getByTestId('contact-state')).toHaveText('Incoming');
  }
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'on-call');

  await card(page, 'Pat').getByTestId('contact-accept').click();
  await card(page, 'Sam').getByTestId('contact-accept').click();
  for (const name of ['Pat', 'Sam'])
    await expect(card(page, name)).toHaveAttribute('data-state', 'connected');
  expect(emulator.centre.contacts.get(pat.contactId)?.state).toBe('connected');

  // At 375 px the call and both chats fit the width.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card(page, 'Pat').getByTestId('contact-transfer')).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('panel-chats-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Pat goes to John: his panel rings with the chat and he accepts it; Jane is in after-contact
  // work on it.
  const johnContext = await browser.newContext();
  const john = await johnContext.newPage();
  await openPanel(john, 'john');
  await card(page, 'Pat')
    .getByTestId('contact-transfer-target')
    .selectOption({ label: 'John Roe' });
  await card(page, 'Pat').getByTestId('contact-transfer').click();
  await expect(card(page, 'Pat')).toHaveAttribute('data-state', 'after-contact-work');
  await expect(card(page, 'Pat').getByTestId('contact-state')).toHaveText('After contact work');
  await expect(card(john, 'Pat')).toHaveAttribute('data-state', 'ringing');
  await card(john, 'Pat').getByTestId('contact-accept').click();
  await expect(card(john, 'Pat')).toHaveAttribute('data-state', 'connected');
  await card(page, 'Pat').getByTestId('contact-clear').click();
  await expect(card(page, 'Pat')).toHaveCount(0);

  // Pat leaves: John's chat goes to after-contact work, and he closes it.
  await pat.leave();
  await expect(card(john, 'Pat')).toHaveAttribute('data-state', 'after-contact-work');
  await card(john, 'Pat').getByTestId('contact-clear').click();
  await expect(card(john, 'Pat')).toHaveCount(0);
  await johnContext.close();

  // Sam leaves too: Jane's chat goes to after-contact work and is closed; the call goes on.
  await sam.leave();
  await expect(card(page, 'Sam')).toHaveAttribute('data-state', 'after-contact-work');
  await card(page, 'Sam').getByTestId('contact-clear').click();
  await expect(card(page, 'Sam')).toHaveCount(0);
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'on-call');

  // A chat the agent rejects leaves her panel.
  const lee = await startChat('Lee');
  await expect(card(page, 'Lee')).toHaveAttribute('data-state', 'ringing');
  await card(page, 'Lee').getByTestId('contact-reject').click();
  await expect(card(page, 'Lee')).toHaveCount(0);
  expect(emulator.centre.contacts.get(lee.contactId)?.state).not.toBe('connected');
  await lee.leave();
  await expect(page.getByTestId('contacts')).toBeHidden();
});

test('a task shows its name, is transferred to a queue (offered again as a new contact), accepted, ended and closed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openPanel(page, 'jane');
  const task = await admin.send(
    new StartTaskContactCommand({
      InstanceId: emulator.centre.instanceId,
      Name: 'Call back about order 1234',
      ContactFlowId: 'task',
    }),
  );
  const first = page.locator(`[data-testid=contact-card][data-contact-id="${task.ContactId}"]`);
  await expect(first).toHaveAttribute('data-state', 'ringing');
  await expect(first).toHaveAttribute('data-channel', 'task');
  await expect(first.getByTestId('contact-channel')).toHaveText('Task');
  await expect(first.getByTestId('contact-name')).toHaveText('Call back about order 1234');
  await first.getByTestId('contact-accept').click();
  await expect(first).toHaveAttribute('data-state', 'connected');
  await expect(first.getByTestId('contact-end')).toHaveText('End task');

  // To the Sales queue: Jane (who serves Sales) closes the first and is offered the transferred
  // task as a new contact (the demo profile has no TASK limit: a task goes to a free agent).
  await first.getByTestId('contact-transfer-target').selectOption({ label: 'Sales queue' });
  await first.getByTestId('contact-transfer').click();
  await expect(first).toHaveAttribute('data-state', 'after-contact-work');
  await first.getByTestId('contact-clear').click();
  await expect(first).toHaveCount(0);
  const second = page
    .getByTestId('contact-card')
    .filter({ has: page.getByTestId('contact-name').getByText('Call back about order 1234') });
  await expect(second).toHaveAttribute('data-state', 'ringing');
  expect(await second.getAttribute('data-contact-id')).not.toBe(task.ContactId);
  await second.getByTestId('contact-accept').click();
  await expect(second).toHaveAttribute('data-state', 'connected');
  await second.getByTestId('contact-end').click();
  await expect(second).toHaveAttribute('data-state', 'after-contact-work');
  await second.getByTestId('contact-clear').click();
  await expect(page.getByTestId('contacts')).toBeHidden();
});
