// The guides' screenshots come from test runs, not from hand: the browser tests of the React voice
// components write one screenshot per component state to test-results/react-voice/ (see
// packages/react-voice/test/ui.tsx). This script copies the ones the guides show into
// docs/guides/images/react-voice/, which is committed (as the app README's screenshots that
// `npm run screenshots` writes), so the site builds without running the tests first.
//
//   node scripts/docs-images.mjs          (npm run docs:images) copies every image a guide
//                                         references from the last test run; fails, naming the
//                                         test command, when the run did not write one;
//   node scripts/docs-images.mjs --check  fails when a guide references an image that is not in
//                                         docs/guides/images, or an image there is referenced by no
//                                         guide; notes the images the last test run changed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUIDES_DIR } from './guide-samples.mjs';
import { root } from './packages.mjs';

/** Where each folder of docs/guides/images comes from, and the test run that writes it. */
export const IMAGE_SOURCES = [
  {
    images: 'images/react-voice/',
    from: 'test-results/react-voice/',
    run: 'npx vitest run --project browser packages/react-voice',
  },
];

/**
 * Every local image the guides reference (`![alt](images/x.png)` or `<img src="images/x.png">`),
 * relative to docs/guides, with the guides that reference it.
 * @returns {Map<string, string[]>}
 */
export function imageReferences(dir = GUIDES_DIR) {
  const refs = new Map();
  for (const guide of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(dir, guide), 'utf8');
    const pattern = /!\[[^\]]*\]\(([^)\s]+)[^)]*\)|<img\b[^>]*\bsrc="([^"]+)"/g;
    for (const [, markdown, html] of text.matchAll(pattern)) {
      const target = markdown ?? html;
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
      const path = relative(dir, join(dir, target));
      refs.set(path, [...(refs.get(path) ?? []), guide]);
    }
  }
  return refs;
}

/** Every file under `<guides>/images`, relative to the guides' folder. */
function imageFiles(guidesDir) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(guidesDir, path));
    }
  };
  if (existsSync(join(guidesDir, 'images'))) walk(join(guidesDir, 'images'));
  return files;
}

/** The test-run file an image of the guides is copied from (null: not from a test run). */
function sourceOf(image, base) {
  const source = IMAGE_SOURCES.find((s) => image.startsWith(s.images));
  return source
    ? { ...source, file: join(base, source.from, image.slice(source.images.length)) }
    : null;
}

/**
 * Copies the referenced images from the last test run. Returns the problems (empty when fine).
 * Options (for tests): the guides' folder, and the folder the test runs write under.
 */
export function copyImages({ guidesDir = GUIDES_DIR, base = root, log = console.log } = {}) {
  const problems = [];
  for (const image of imageReferences(guidesDir).keys()) {
    const source = sourceOf(image, base);
    if (!source) continue;
    if (!existsSync(source.file)) {
      problems.push(
        `${image}: the test run wrote no ${relative(base, source.file)} (run \`${source.run}\`)`,
      );
      continue;
    }
    mkdirSync(dirname(join(guidesDir, image)), { recursive: true });
    copyFileSync(source.file, join(guidesDir, image));
    log(`  ${relative(base, source.file)} → ${relative(base, join(guidesDir, image))}`);
  }
  return problems;
}

/**
 * Checks that every image a guide references is there and every image there is referenced.
 * Returns the problems (empty when fine); logs the images the last test run changed.
 */
export function checkImages({ guidesDir = GUIDES_DIR, base = root, log = console.log } = {}) {
  const refs = imageReferences(guidesDir);
  const files = new Set(imageFiles(guidesDir));
  const problems = [];
  for (const [image, guides] of refs) {
    if (!files.has(image)) {
      const source = sourceOf(image, base);
      problems.push(
        `${relative(base, join(guidesDir, image))} (referenced by ${guides.join(', ')}) is missing` +
          (source ? `: run \`${source.run}\`, then \`npm run docs:images\`` : ''),
      );
    }
  }
  for (const file of files) {
    if (!refs.has(file)) {
      problems.push(`${relative(base, join(guidesDir, file))} is referenced by no guide`);
    }
  }
  const changed = [...refs.keys()].filter((image) => {
    const source = sourceOf(image, base);
    return (
      source &&
      files.has(image) &&
      existsSync(source.file) &&
      !readFileSync(source.file).equals(readFileSync(join(guidesDir, image)))
    );
  });
  if (changed.length) {
    log(
      `  note: the last test run's screenshots differ for ${changed.length} image(s) ` +
        `(${changed.join(', ')}); \`npm run docs:images\` copies them`,
    );
  }
  if (!problems.length) log(`  ${refs.size} image(s) referenced, all present`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = process.argv.includes('--check') ? checkImages() : copyImages();
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length) process.exit(1);
}
