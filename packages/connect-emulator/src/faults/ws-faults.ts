import { WS_FAULT_CLOSE_CODE } from '../constants';
import type { FaultEngine } from './fault-engine';

/** What the web-socket server does with one frame (or connection) under the fault rules. */
export interface WsFaultOutcome {
  /** Wait this long before handling it (ms). */
  latencyMs: number;
  /** Close the socket with this code instead of handling it. */
  closeCode?: number;
  /** Do not answer (a dropped subscribe, or a missed heartbeat). */
  noAnswer: boolean;
}

/**
 * Decides the faults for a web-socket event: `operation` is `connect`, or the frame's topic
 * without the `aws/` prefix (`heartbeat`, `subscribe`, …). `miss-heartbeat` applies to
 * heartbeats only; `drop` leaves any frame unanswered; status rules refuse a `connect` by closing.
 */
export function decideWsFault(engine: FaultEngine, operation: string): WsFaultOutcome {
  if (!engine.active) return { latencyMs: 0, noAnswer: false };
  const op = operation.startsWith('aws/') ? operation.slice(4) : operation;
  const decision = engine.decide('ws', op);
  const outcome: WsFaultOutcome = { latencyMs: decision.latencyMs, noAnswer: false };
  const t = decision.terminal;
  if (t === undefined) return outcome;
  if (t.type === 'close-socket') outcome.closeCode = t.code ?? WS_FAULT_CLOSE_CODE;
  else if (t.type === 'miss-heartbeat') outcome.noAnswer = op === 'heartbeat';
  else if (t.type === 'drop') outcome.noAnswer = true;
  else if (op === 'connect') outcome.closeCode = 4000 + t.status;
  return outcome;
}
