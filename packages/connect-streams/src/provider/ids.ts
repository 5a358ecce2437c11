/** A random UUID (crypto.randomUUID, or a getRandomValues fallback). */
export function generateUUID(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (ch) => {
    const d = Number(ch);
    return (d ^ (c.getRandomValues(new Uint8Array(1))[0]! & (15 >> (d / 4)))).toString(16);
  });
}

/** A random hex id of the given length (loggers use 8). */
export function generateStringId(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

/** Deep copy through structured clone, so data can cross a message port; undefined stays undefined. */
export function sanitizeData(data: unknown): unknown {
  if (data === undefined || data === null) return undefined;
  try {
    return structuredClone(data);
  } catch {
    return { error: 'Data failed to sanitize. The original data is not available' };
  }
}
