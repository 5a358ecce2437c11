// The allow-list of the differential suite: the known differences between runs that are timing
// only, each with its reason. Each is a rewrite applied to every trace before the comparison;
// whatever still differs afterwards is behaviour, and fails the suite.
import type { AllowedDifference, TraceRecord, TraceStep } from './trace';

/** The object a refresh is about: the agent, or one contact (by its normalised id). */
function refreshed(r: TraceRecord): string | undefined {
  if (r.name === 'agent.onRefresh') return 'agent';
  if (r.name === 'contact.onRefresh')
    return `contact ${JSON.stringify((r.data as { id?: unknown }).id)}`;
  return undefined;
}

const isApiCallback = (r: TraceRecord) => /\.(success|failure)$/.test(r.name);

/** The allowed differences, applied in this order. */
export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    name: 'repeated identical refreshes',
    reason:
      'How many agent snapshots reach the host depends on when the CCP side polls (a long poll that ' +
      'times out, a quick re-poll after an action): a snapshot that changes nothing fires the agent ' +
      'and contact refresh again with the same data, sometimes in the next step.',
    apply: (trace) => {
      const last = new Map<string, string>();
      return trace.map((step) => ({
        step: step.step,
        records: step.records.filter((r) => {
          const key = refreshed(r);
          if (!key) return true;
          const data = JSON.stringify(r.data);
          if (last.get(key) === data) return false;
          last.set(key, data);
          return true;
        }),
      }));
    },
  },
  {
    name: "an action's callback before or after the events of its effect",
    reason:
      'The CCP side answers an API request (api_response) when the call returns and delivers the ' +
      'snapshot that shows its effect (agent::update) from its next poll: which reaches the host ' +
      'first is a race, so success and failure callbacks are compared at the end of their step.',
    apply: (trace): TraceStep[] =>
      trace.map((step) => ({
        step: step.step,
        records: [
          ...step.records.filter((r) => !isApiCallback(r)),
          ...step.records.filter(isApiCallback),
        ],
      })),
  },
];
