// A real call, logged in Salesforce: the org stand-in holds a Contact with the caller's number; an
// admin connects acme to the org with call logging on and syncs, which links the caller's
// workspace contact to that Contact. The agent takes the caller's call from the contact centre,
// writes a disposition and a note in after-call work and finishes; the org then holds exactly one
// Task for the call, on that Contact, carrying the disposition, the note and the call's id.
import { apiCall, apiSignIn, USERS } from './support/api';
import { expect, signInAs, test } from './support/fixtures';
import { VoicePage } from './support/pages/voice.page';
import { CALLERS, VoiceEmulator } from './support/voice';

const gatewayUrl = `http://127.0.0.1:${process.env['CHANNEL_GATEWAY_PORT']}`;
const gatewayHeaders = {
  'x-channel-gateway-token': process.env['CHANNEL_GATEWAY_CONTROL_TOKEN'] ?? '',
};

/** The stand-in's connected app, as scripts/start.mjs starts it. */
const SALESFORCE = {
  url: 'https://acme.my.salesforce.com',
  clientId: '3MVG9demoWorkspaceConsumerKey',
  clientSecret: 'DEMO0SALESFORCE0CONSUMER0SECRET',
};
const SETTINGS_PATH = '/ws/acme/settings/integrations/salesforce';

/** A Task as the stand-in's control API lists it: its id and the fields the server sent. */
interface StandInTask {
  readonly Id: string;
  readonly fields: StandInTaskFields;
}
interface StandInTaskFields {
  readonly WhoId?: string;
  readonly CallObject?: string;
  readonly CallDisposition?: string;
  readonly CallType?: string;
  readonly Description?: string;
}

let emulator: VoiceEmulator;

test.beforeAll(async ({ request }) => {
  const { token } = await apiSignIn(request, USERS.jane);
  emulator = await VoiceEmulator.find(request, token);
});

test.afterAll(async ({ request }) => {
  // Later journeys start from acme without Salesforce and without the journey's dispositions.
  const { token } = await apiSignIn(request, USERS.jane);
  await apiCall(request, token, 'PUT', SETTINGS_PATH, {
    enabled: false,
    config: {
      instanceUrl: SALESFORCE.url,
      clientId: SALESFORCE.clientId,
      syncContacts: true,
      logCalls: false,
    },
  });
  await apiCall(request, token, 'PUT', '/ws/acme/settings/dispositions', { dispositions: [] });
  await emulator.quiet();
  await emulator.dispose();
});

test('a call finished in after-call work becomes one Salesforce Task on the caller’s Contact', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const caller = CALLERS.olivia;
  const note = `Asked for the renewal quote ${Date.now()}`;
  const auth = await signInAs(page, USERS.jane);

  // The org holds a Contact with the caller's number (written as a person would type it).
  const seeded = await request.post(`${gatewayUrl}/control/salesforce/records`, {
    headers: gatewayHeaders,
    data: {
      type: 'Contact',
      records: [{ FirstName: 'Olivia', LastName: 'Brown', Phone: '+1 555 555 0103' }],
    },
  });
  expect(seeded.status()).toBe(200);
  const [sfContact] = ((await seeded.json()) as { records: { Id: string }[] }).records;
  if (!sfContact) throw new Error('the stand-in created no Contact');

  // acme connects the org with call logging on, and syncs: the caller's contact is linked.
  await apiCall(request, auth.token, 'PUT', SETTINGS_PATH, {
    enabled: true,
    config: {
      instanceUrl: SALESFORCE.url,
      clientId: SALESFORCE.clientId,
      syncContacts: true,
      logCalls: true,
    },
    clientSecret: SALESFORCE.clientSecret,
  });
  const sync = await apiCall<{ ok: boolean; linked: number }>(
    request,
    auth.token,
    'POST',
    `${SETTINGS_PATH}/sync`,
  );
  expect(sync.ok).toBe(true);
  expect(sync.linked).toBeGreaterThanOrEqual(1);
  await apiCall(request, auth.token, 'PUT', '/ws/acme/settings/dispositions', {
    dispositions: ['Quote sent'],
  });

  // The agent takes the call and finishes after-call work.
  await page.goto('/ws/acme/inbox/all');
  const jane = new VoicePage(page);
  await jane.ready();
  await emulator.quiet();
  await jane.setStatus('On');
  const call = await emulator.dial(caller.phone);
  await emulator.waitForContact(caller.phone, 'jane');
  await jane.control('Accept').click();
  await expect(jane.callPanel).toHaveAttribute('data-state', 'connected');
  await emulator.customer(call.contactId, 'hangup');
  await expect(jane.callPanel).toHaveAttribute('data-state', 'afterCallWork');
  const form = jane.callPanel.getByTestId('voice-acw-form');
  await form.getByLabel('Disposition').selectOption('Quote sent');
  await form.getByLabel('Notes').fill(note);
  await jane.control('Finish').click();
  await expect(jane.callPanel).toBeHidden();
  await jane.setStatus('Off');

  // The org receives the Task (the server sends it from its call queue, retried on failure).
  const tasksOfCall = async () => {
    const res = await request.get(`${gatewayUrl}/control/salesforce/tasks`, {
      headers: gatewayHeaders,
    });
    const { tasks } = (await res.json()) as { tasks: StandInTask[] };
    return tasks.filter((t) => t.fields.CallObject === call.contactId);
  };
  await expect.poll(async () => (await tasksOfCall()).length, { timeout: 60_000 }).toBe(1);
  const [task] = await tasksOfCall();
  expect(task?.fields).toMatchObject({
    WhoId: sfContact.Id,
    CallType: 'Inbound',
    CallDisposition: 'Quote sent',
  });
  expect(task?.fields.Description).toContain(`Notes: ${note}`);
  expect(task?.fields.Description).toMatch(/^Inbound call with \+15555550103, \d+ s\./);
});
