import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A stylesheet's rules without comments, its `@import`s (one file per component) inlined. */
const css = (file: string): string =>
  readFileSync(new URL(`../styles/${file}`, import.meta.url), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@import '\.\/([^']+)';/g, (_, part: string) => css(part));
const classes = (text: string) => new Set(text.match(/\.xv-[a-z0-9_-]+/g) ?? []);

/** The class prefixes the panel's stylesheet owns. */
const PANEL_PREFIXES = [
  '.xv-voice-panel',
  '.xv-panel-',
  '.xv-vlist',
  '.xv-agent',
  '.xv-history-',
  '.xv-call-history',
  '.xv-live',
  '.xv-sheet',
];
/** Foundation primitives the panel styles only inside its own elements. */
const PRIMITIVES = new Set(['.xv-btn', '.xv-badge', '.xv-empty']);

describe('the panel stylesheet', () => {
  it('declares only its own xv- classes (and primitives inside them), none of another area', () => {
    const panel = classes(css('panel.css'));
    const foreign = [...panel].filter(
      (c) => !PRIMITIVES.has(c) && !PANEL_PREFIXES.some((p) => c.startsWith(p)),
    );
    expect(foreign).toEqual([]);
    const others = new Set([...classes(css('call.css')), ...classes(css('primitives.css'))]);
    const shared = [...panel].filter((c) => others.has(c) && !PRIMITIVES.has(c));
    expect(shared).toEqual([]);
  });
});
