/**
 * The numbers an agent dialled last, kept in the browser's storage per agent so that the dialer
 * can offer them again.
 */
import * as z from 'zod/mini';

/** The dialer keeps this many recent numbers. @public */
export const DIALER_RECENT_NUMBERS_MAX = 5;

/** The storage key prefix of the recent numbers (`xv-dialer-recent:{idAgent}`). */
const RECENT_KEY_PREFIX = 'xv-dialer-recent:';

/** A number the agent dialled. @public */
export interface RecentNumber {
  /** E.164. */
  readonly number: string;
  /** The contact the number matched when it was dialled, if any. */
  readonly name: string | null;
  /** When it was dialled (epoch ms). */
  readonly at: number;
}

const recentSchema = z.array(
  z.object({
    number: z.string().check(z.maxLength(32)),
    name: z.nullable(z.string().check(z.maxLength(200))),
    at: z.number(),
  }),
);

/** The storage the recent numbers live in (`localStorage` in a browser). @public */
export interface RecentNumbersStorage {
  /** The stored text of a key, or null. */
  getItem(key: string): string | null;
  /** Stores a key's text. */
  setItem(key: string, value: string): void;
}

function defaultStorage(): RecentNumbersStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The recent numbers of an agent, newest first (an empty list when there are none, or the stored
 * value is not one).
 * @public
 */
export function readRecentNumbers(
  idAgent: string | null,
  storage: RecentNumbersStorage | null = defaultStorage(),
): readonly RecentNumber[] {
  try {
    const raw = storage?.getItem(RECENT_KEY_PREFIX + (idAgent ?? ''));
    if (!raw) return [];
    const parsed = recentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, DIALER_RECENT_NUMBERS_MAX) : [];
  } catch {
    return [];
  }
}

/**
 * Puts a dialled number first in the agent's recent numbers (once: an earlier entry of the same
 * number is dropped), dialled `at` (default now), keeping {@link DIALER_RECENT_NUMBERS_MAX};
 * returns the new list.
 * @public
 */
export function rememberRecentNumber(
  idAgent: string | null,
  dialled: Pick<RecentNumber, 'number' | 'name'> & { readonly at?: number },
  storage: RecentNumbersStorage | null = defaultStorage(),
): readonly RecentNumber[] {
  const entry: RecentNumber = {
    number: dialled.number,
    name: dialled.name,
    at: dialled.at ?? Date.now(),
  };
  const next = [
    entry,
    ...readRecentNumbers(idAgent, storage).filter((r) => r.number !== entry.number),
  ].slice(0, DIALER_RECENT_NUMBERS_MAX);
  try {
    storage?.setItem(RECENT_KEY_PREFIX + (idAgent ?? ''), JSON.stringify(next));
  } catch {
    // A full or refused storage: the list lives for this page only.
  }
  return next;
}
