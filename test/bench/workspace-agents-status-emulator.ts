// The contact centre of workspace-agents-status.bench.ts, in its own process (as a remote
// contact centre is): the emulator with AGENTS logged-in agents, CALLS of them on calls (half
// answered). Prints one JSON line `{"url", "instanceId", "userIds"}` when ready; ends on SIGTERM.
import { startEmulator } from '../../packages/connect-emulator/src/server';

const AGENTS = Number(process.env.AGENTS ?? 2_000);
const CALLS = Number(process.env.CALLS ?? 1_000);

const emulator = await startEmulator({
  port: 0,
  missedCallTimeoutMs: 3_600_000,
  rateLimit: null,
  seed: {
    agentStates: [
      { name: 'Available', type: 'routable' },
      { name: 'Busy', type: 'not_routable' },
      { name: 'Offline', type: 'offline' },
    ],
    queues: [{ name: 'BasicQueue' }],
    routingProfiles: [
      { name: 'Basic', queues: ['BasicQueue'], channelConcurrency: { VOICE: 1, CHAT: 2 } },
    ],
    agents: Array.from({ length: AGENTS }, (_, i) => ({
      username: `agent${i}`,
      name: `Agent ${i}`,
      routingProfile: 'Basic',
      initialState: 'Available',
    })),
    phoneNumbers: [{ number: '+15555550001', queue: 'BasicQueue' }],
  },
});
const centre = emulator.centre;
let i = 0;
for (const agent of centre.agents.values()) {
  centre.putAgentState(agent, { name: 'Available' });
  if (i < CALLS) {
    const contact = centre.dialIn('+15555550001', `+1555100${String(i).padStart(4, '0')}`);
    const leg = contact.connections.find((c) => c.agentId !== undefined);
    if (leg && i % 2 === 0) centre.acceptContact(centre.agents.get(leg.agentId!)!, contact.id);
    centre.putAgentState(agent, { name: 'Busy' });
  }
  i++;
}
const extra = emulator as typeof emulator & {
  adminCredentials?: { accessKeyId: string; secretAccessKey: string };
};
process.stdout.write(
  `${JSON.stringify({
    url: emulator.url,
    instanceId: centre.instanceId,
    userIds: [...centre.agents.keys()],
    ...(extra.adminCredentials ? { adminCredentials: extra.adminCredentials } : {}),
  })}\n`,
);
process.on('SIGTERM', () => {
  void emulator.close().then(() => process.exit(0));
});
