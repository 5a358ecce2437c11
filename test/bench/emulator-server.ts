// Child process of emulator-load.bench.ts: an emulator with N agents, reporting its URL (and, with
// `--tokens`, an access token per agent) and, when asked, its peak RSS. `EMULATOR_MODULE` names
// another checkout's `packages/connect-emulator/src/index.ts` (the reference run of the bench).
import type { startEmulator as StartEmulator } from '@x/connect-emulator';

const agents = Number(process.argv[2] ?? 1000);
const withTokens = process.argv.includes('--tokens');
const { startEmulator } = (await import(process.env.EMULATOR_MODULE ?? '@x/connect-emulator')) as {
  startEmulator: typeof StartEmulator;
};
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
const tokens = withTokens
  ? Array.from({ length: agents }, (_, i) => emulator.login(`agent${i}`).accessToken)
  : [];
process.send!({ url: emulator.url, controlHeaders: emulator.controlHeaders, tokens });
process.on('message', (message: string) => {
  if (message === 'report') process.send!({ maxRssKb: process.resourceUsage().maxRSS });
  if (message === 'stop') void emulator.close().then(() => process.exit(0));
});
