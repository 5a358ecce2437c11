import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The shipped stylesheet, bundled as `dist/styles.css` is. */
async function stylesheet(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'index.css')],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Every style rule's selector list (not @-rule preludes, not keyframe steps). */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const stack: ('keyframes' | 'at' | 'rule')[] = [];
  let prelude = '';
  for (const ch of css) {
    if (ch === '{') {
      const head = prelude.trim();
      if (head.startsWith('@keyframes')) stack.push('keyframes');
      else if (head.startsWith('@')) stack.push('at');
      else if (stack.at(-1) === 'keyframes') stack.push('rule');
      else {
        selectors.push(head);
        stack.push('rule');
      }
      prelude = '';
    } else if (ch === '}') {
      stack.pop();
      prelude = '';
    } else if (ch === ';' && stack.at(-1) === 'rule') {
      prelude = '';
    } else {
      prelude += ch;
    }
  }
  return selectors;
}

describe('the stylesheet (@x/react-voice/styles.css)', () => {
  it('touches nothing of the host page: every selector is scoped to an xv- class, no element or :root rules', async () => {
    const css = await stylesheet();
    const selectors = selectorsOf(css).flatMap((list) => list.split(','));
    expect(selectors.length).toBeGreaterThan(100);
    // each selector starts with an xv class (possibly on a tag: `button.xv-chip`)
    const unscoped = selectors.filter((s) => !/^[a-z]*\.xv[-_a-z]*/.test(s.trim()));
    expect(unscoped).toEqual([]);
    expect(css).not.toMatch(/:root|(^|[^-\w.])(html|body)\b/);
  });

  it('reads the --xv-* custom properties with defaults on the .xv root', async () => {
    const css = await stylesheet();
    for (const name of [
      '--xv-font-family',
      '--xv-color-bg',
      '--xv-color-surface',
      '--xv-color-text',
      '--xv-color-accent',
      '--xv-color-danger',
      '--xv-radius-md',
      '--xv-shadow',
      '--xv-header-height',
    ])
      expect(css, name).toMatch(new RegExp(`var\\(\\s*${name}\\s*,`));
  });
});
