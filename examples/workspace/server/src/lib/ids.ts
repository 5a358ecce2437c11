import { randomUUID } from 'node:crypto';

/** A new random identifier for a row. */
export const newId = (): string => randomUUID();
