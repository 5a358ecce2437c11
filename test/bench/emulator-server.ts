// Child process of emulator-load.bench.ts: an emulator with N agents, reporting its URL and, when
// asked, its peak RSS.
import { startEmulator } from '@x/connect-emulator';

const agents = Number(process.argv[2] ?? 1000);
const emulator = await startEmulator({
  port: 0,
  missedCallTimeoutMs: 60_000,
  rateLimit: null,
  seed: {
    agentStates: [
      { name: 'Available', type: 'routable' },
      { name: 'Away', type: 'not_routable' },
      { name: 'Offline', type: 'offline' },
    ],
    queues: [{ name: 'Q' }],
    routingProfiles: [{ name: 'P', queues: ['Q'] }],
    agents: Array.from({ length: agents }, (_, i) => ({
      username: `agent${i}`,
      name: `Agent ${i}`,
      routingProfile: 'P',
    })),
    phoneNumbers: [{ number: '+15555550001', queue: 'Q' }],
  },
});
process.send!({ url: emulator.url, controlHeaders: emulator.controlHeaders });
process.on('message', (message: string) => {
  if (message === 'report') process.send!({ maxRssKb: process.resourceUsage().maxRSS });
  if (message === 'stop') void emulator.close().then(() => process.exit(0));
});
