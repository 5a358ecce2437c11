// The guides' screenshots: copied from the test run's output, and the docs check fails on an image
// a guide references that is not there, or on one that no guide references.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkImages, copyImages, imageReferences } from './docs-images.mjs';

describe('guide images', () => {
  let base;
  let guidesDir;
  const quiet = { log: () => {} };
  const png = (text) => Buffer.from(`\x89PNG ${text}`);

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'docs-images-'));
    guidesDir = join(base, 'docs/guides');
    mkdirSync(guidesDir, { recursive: true });
    mkdirSync(join(base, 'test-results/react-voice'), { recursive: true });
    writeFileSync(
      join(guidesDir, 'components.md'),
      [
        '# Components',
        '![The call panel](images/react-voice/call-panel-connected.png)',
        '<img src="images/react-voice/status-chip-available.png" alt="chip">',
        '![a remote picture](https://example.com/x.png)',
      ].join('\n'),
    );
    writeFileSync(join(base, 'test-results/react-voice/call-panel-connected.png'), png('panel'));
    writeFileSync(join(base, 'test-results/react-voice/status-chip-available.png'), png('chip'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('finds the local images a guide references (markdown and HTML), not remote ones', () => {
    expect([...imageReferences(guidesDir).entries()]).toEqual([
      ['images/react-voice/call-panel-connected.png', ['components.md']],
      ['images/react-voice/status-chip-available.png', ['components.md']],
    ]);
  });

  it('copies the referenced screenshots from the test run, then the check passes', () => {
    expect(copyImages({ guidesDir, base, ...quiet })).toEqual([]);
    expect(
      readFileSync(join(guidesDir, 'images/react-voice/call-panel-connected.png')).toString(),
    ).toContain('panel');
    expect(checkImages({ guidesDir, base, ...quiet })).toEqual([]);
  });

  it('fails when a referenced image is missing, naming the test run that writes it', () => {
    copyImages({ guidesDir, base, ...quiet });
    rmSync(join(guidesDir, 'images/react-voice/status-chip-available.png'));
    const problems = checkImages({ guidesDir, base, ...quiet });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('docs/guides/images/react-voice/status-chip-available.png');
    expect(problems[0]).toContain('is missing');
    expect(problems[0]).toContain('npx vitest run --project browser packages/react-voice');
  });

  it('fails when an image is referenced by no guide (a stale screenshot)', () => {
    copyImages({ guidesDir, base, ...quiet });
    writeFileSync(join(guidesDir, 'images/react-voice/old-state.png'), png('old'));
    expect(checkImages({ guidesDir, base, ...quiet })).toEqual([
      'docs/guides/images/react-voice/old-state.png is referenced by no guide',
    ]);
  });

  it('refuses to copy when the test run did not write a referenced screenshot', () => {
    rmSync(join(base, 'test-results/react-voice/status-chip-available.png'));
    const problems = copyImages({ guidesDir, base, ...quiet });
    expect(problems).toEqual([
      'images/react-voice/status-chip-available.png: the test run wrote no ' +
        'test-results/react-voice/status-chip-available.png ' +
        '(run `npx vitest run --project browser packages/react-voice`)',
    ]);
  });

  it('notes the screenshots the last test run changed', () => {
    copyImages({ guidesDir, base, ...quiet });
    writeFileSync(join(base, 'test-results/react-voice/call-panel-connected.png'), png('new'));
    const lines = [];
    expect(checkImages({ guidesDir, base, log: (line) => lines.push(line) })).toEqual([]);
    expect(lines.join('\n')).toContain('differ for 1 image(s)');
  });
});
