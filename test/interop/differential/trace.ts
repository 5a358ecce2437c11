// Traces of the differential suite: what the host script recorded, normalised so that two
// runs of the same behaviour compare equal (ids and times stripped), cut into the test's steps,
// then compared after the allow-list's rules. Every rule names the known timing difference it
// absorbs and why; anything else that differs is a behaviour difference and fails the suite.

/** One callback the host script recorded. */
export interface TraceRecord {
  readonly name: string;
  readonly data?: unknown;
}

/** The records of one step of the run, in order. */
export interface TraceStep {
  readonly step: string;
  readonly records: readonly TraceRecord[];
}

/** The marker the test records before each step. */
export const STEP_MARK = '── step ';

/** An allowed timing difference: a rewrite applied to every trace before they are compared. */
export interface AllowedDifference {
  /** What differs. */
  readonly name: string;
  /** Why it is timing only, not behaviour. */
  readonly reason: string;
  /** Rewrites a whole trace (every trace compared gets the same rewrite). */
  readonly apply: (trace: readonly TraceStep[]) => TraceStep[];
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Normalises a raw trace: ids (contact and connection ids, any UUID) become `#1`, `#2`, … in order
 * of first appearance, also inside strings; JSON strings (the real worker's error argument) are
 * parsed so their fields compare one by one; times become `(time)`.
 */
export function normalise(
  trace: readonly TraceRecord[],
  knownIds: readonly string[] = [],
): TraceRecord[] {
  const ids = new Map<string, string>();
  const token = (id: string): string => {
    let t = ids.get(id);
    if (!t) {
      t = `#${ids.size + 1}`;
      ids.set(id, t);
    }
    return t;
  };
  const collect = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      if (key === 'id' || ID.test(value) || knownIds.includes(value)) token(value);
    } else if (Array.isArray(value)) {
      for (const v of value) collect(v);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) collect(v, k);
    }
  };
  for (const r of trace) collect(r.data);
  const replaceIds = (s: string): string => {
    let out = s;
    for (const [id, t] of ids) if (out.includes(id)) out = out.split(id).join(t);
    return out;
  };
  const clean = (value: unknown, key?: string): unknown => {
    // A stack lists the source locations of whatever code ran (the worker's AWS SDK, with its
    // origin and port): never the same twice, and no behaviour.
    if (key === 'stack' && Array.isArray(value)) return '(stack)';
    if (typeof value === 'string') {
      if (ISO_TIME.test(value)) return '(time)';
      if (value.startsWith('{') || value.startsWith('[')) {
        try {
          return { json: clean(JSON.parse(value) as unknown) };
        } catch {
          // not JSON after all
        }
      }
      return replaceIds(value);
    }
    if (Array.isArray(value)) return value.map((v) => clean(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = clean(v, k);
      return out;
    }
    return value;
  };
  return trace.map((r) =>
    r.data === undefined ? { name: r.name } : { name: r.name, data: clean(r.data) },
  );
}

/** Cuts a normalised trace at the step markers. */
export function steps(trace: readonly TraceRecord[]): TraceStep[] {
  const out: { step: string; records: TraceRecord[] }[] = [{ step: '(load)', records: [] }];
  for (const r of trace) {
    if (r.name.startsWith(STEP_MARK))
      out.push({ step: r.name.slice(STEP_MARK.length), records: [] });
    else out.at(-1)!.records.push(r);
  }
  return out;
}

/** Applies the allow-list, rule by rule. */
export function canonical(
  trace: readonly TraceStep[],
  allowed: readonly AllowedDifference[],
): TraceStep[] {
  return allowed.reduce<TraceStep[]>((t, rule) => rule.apply(t), [...trace]);
}

/** A readable line per record, for diffs. */
export function lines(step: TraceStep): string[] {
  return step.records.map((r) =>
    r.data === undefined ? r.name : `${r.name} ${JSON.stringify(r.data)}`,
  );
}
