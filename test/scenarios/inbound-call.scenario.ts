/**
 * One inbound-call scenario, shared by every suite that drives a CCP panel from the real
 * `amazon-connect-streams` host (`initCCP`): the panel under test (ours or the real worker
 * harness) only has to provide a {@link ScenarioDriver}. Each step performs one action and lists
 * the host-side events it must produce (in any order among themselves, after the previous step's).
 */

/** What a suite must provide to run a scenario. */
export interface ScenarioDriver {
  /** The contact centre places an inbound call to the agent. */
  placeInboundCall(): Promise<void>;
  /** The host page calls one streams API: `accept`, `hangUp`, `clear`, `setState <name>`. */
  host(action: HostAction, argument?: string): Promise<void>;
  /** The host-side events recorded so far, in order (see `test/panel/support/host-page.js`). */
  events(): Promise<readonly string[]>;
}

/** A streams API call the host page makes. */
export type HostAction = 'accept' | 'hangUp' | 'clear' | 'setState';

/** One step of a scenario. */
export interface ScenarioStep {
  readonly name: string;
  readonly action?:
    | { readonly kind: 'placeInboundCall' }
    | { readonly kind: 'host'; readonly call: HostAction; readonly argument?: string };
  readonly expect: readonly string[];
}

/**
 * Inbound call: the agent goes Available, a call rings, the host accepts it, hangs up (after-call
 * work), clears the contact and sets the agent to Lunch. Expected entries may use `*` as a wildcard
 * (state names in between depend on the backend's system states).
 */
export const inboundCallScenario: readonly ScenarioStep[] = [
  {
    name: 'the panel initializes the host and the agent arrives',
    expect: ['initialized', 'agent'],
  },
  {
    name: 'the host sets the agent Available',
    action: { kind: 'host', call: 'setState', argument: 'Available' },
    expect: ['setState:success', 'stateChange:*->Available'],
  },
  {
    name: 'an inbound call rings',
    action: { kind: 'placeInboundCall' },
    expect: ['contact', 'contact:connecting'],
  },
  {
    name: 'the host accepts it',
    action: { kind: 'host', call: 'accept' },
    expect: ['accept:success', 'contact:accepted', 'contact:connected'],
  },
  {
    name: 'the host hangs up',
    action: { kind: 'host', call: 'hangUp' },
    expect: ['hangUp:success', 'contact:ended', 'contact:acw'],
  },
  {
    name: 'the host clears the contact',
    action: { kind: 'host', call: 'clear' },
    expect: ['clear:success', 'contact:destroyed'],
  },
  {
    name: 'the host sets the agent to Lunch',
    action: { kind: 'host', call: 'setState', argument: 'Lunch' },
    expect: ['setState:success', 'stateChange:*->Lunch'],
  },
];

/** Whether a recorded event matches an expected entry (`*` matches any run of characters). */
export function eventMatches(expected: string, event: string): boolean {
  const pattern = expected.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pattern.join('.*')}$`).test(event);
}

/** The expected entries of a step that no recorded event matches yet. */
export function missingEvents(step: ScenarioStep, events: readonly string[]): string[] {
  return step.expect.filter((expected) => !events.some((event) => eventMatches(expected, event)));
}

/**
 * Runs a scenario against a driver. `waitFor` retries an assertion until it passes (the suite's
 * own polling helper, e.g. Playwright's `expect.poll`). Returns the full event list.
 */
export async function runScenario(
  driver: ScenarioDriver,
  steps: readonly ScenarioStep[],
  waitFor: (step: ScenarioStep, seen: () => Promise<readonly string[]>) => Promise<void>,
): Promise<readonly string[]> {
  let from = 0;
  for (const step of steps) {
    if (step.action?.kind === 'placeInboundCall') await driver.placeInboundCall();
    else if (step.action?.kind === 'host')
      await driver.host(step.action.call, step.action.argument);
    const start = from;
    await waitFor(step, async () => (await driver.events()).slice(start));
    from = (await driver.events()).length;
  }
  return driver.events();
}
