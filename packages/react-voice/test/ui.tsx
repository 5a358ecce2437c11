/**
 * Browser-test helper of the voice components: a real VoiceController over the in-memory panel of
 * `@x/connect-streams/testing` and a fake product API, a render with the provider (and a locale),
 * axe-core checks, and one screenshot per component state written to
 * `test-results/react-voice/<component>-<state>.png` (the docs use them).
 */
import { TestPanel } from '@x/connect-streams/testing';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { page, server } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { VoiceApi } from '../src/api/client';
import type { MediaDevicesSource } from '../src/controller/devices-unit';
import { VoiceController } from '../src/controller/voice-controller';
import type { VoiceTranslation } from '../src/i18n/catalogue';
import { VoiceI18nProvider } from '../src/i18n/context';
import type { VoiceLocale } from '../src/i18n/locales';
import { VoiceProvider } from '../src/react/voice-provider';
import '../src/styles/index.css';
import { fakeApi } from './fake-api';
import type { FakeApi } from './fake-api';

/** Where the state screenshots go, relative to the repository root. */
export const SCREENSHOT_DIR = 'test-results/react-voice';

export interface VoiceUnderTest {
  readonly panel: TestPanel;
  readonly controller: VoiceController;
  readonly api: FakeApi;
}

export interface StartVoiceOptions {
  readonly api?: Partial<VoiceApi>;
  /** The signed-in user's product agent id. */
  readonly idAgent?: string | null;
  /** The agent state after start (default Available; null leaves the panel's Offline). */
  readonly agentState?: string | null;
  readonly mediaDevices?: MediaDevicesSource;
  /** Configure the in-memory instance before the controller starts (endpoints, configuration). */
  readonly setup?: (panel: TestPanel) => void;
  /** Wait for the start-up to finish (default true; false for the loading state). */
  readonly awaitStart?: boolean;
}

const running = new Set<VoiceController>();

/** A started voice controller over the in-memory panel (disposed by {@link cleanupVoice}). */
export async function startVoice(options: StartVoiceOptions = {}): Promise<VoiceUnderTest> {
  const panel = new TestPanel();
  options.setup?.(panel);
  const api = fakeApi(options.api);
  const controller = new VoiceController({
    api,
    storage: null,
    idAgent: options.idAgent ?? null,
    random: () => 0,
    connect: () => panel.connect(),
    ...(options.mediaDevices ? { mediaDevices: options.mediaDevices } : {}),
  });
  running.add(controller);
  if (options.awaitStart === false) {
    void controller.start();
    return { panel, controller, api };
  }
  await controller.start();
  const state = options.agentState === undefined ? 'Available' : options.agentState;
  if (state) panel.instance.setAgentState(state);
  await panel.settle();
  return { panel, controller, api };
}

/** Disposes every controller {@link startVoice} started (call in afterEach). */
export function cleanupVoice(): void {
  for (const c of running) c.dispose();
  running.clear();
}

export interface RenderVoiceOptions {
  /** The controller the components read (none: only the locale is provided). */
  readonly controller?: VoiceController;
  readonly locale?: VoiceLocale;
  readonly messages?: VoiceTranslation;
}

/** Renders `ui` inside the provider (and locale) the voice components need. */
export async function renderVoice(ui: ReactNode, options: RenderVoiceOptions = {}) {
  const { controller, locale, messages } = options;
  const tree = controller ? (
    <VoiceProvider controller={controller} locale={locale} messages={messages}>
      {ui}
    </VoiceProvider>
  ) : (
    <VoiceI18nProvider locale={locale} messages={messages}>
      {ui}
    </VoiceI18nProvider>
  );
  return render(tree);
}

/**
 * Runs axe-core on the document (portalled dialogs and menus included) and fails with one line per
 * violation and node.
 */
export async function expectNoAxeViolations(context: Element | Document = document): Promise<void> {
  const result = await axe.run(context, {
    resultTypes: ['violations'],
    // The page under test is a bare harness without a landmark structure of its own.
    rules: {
      region: { enabled: false },
      'page-has-heading-one': { enabled: false },
      'landmark-one-main': { enabled: false },
    },
  });
  const lines = result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? ''}): ${v.help} at ${n.target.join(' ')}`),
  );
  expect(lines, 'axe-core violations').toEqual([]);
}

/** The test file's path relative to the repository root. */
function testFileFromRoot(): string {
  const testPath = expect.getState().testPath ?? '';
  const root = server.config.root.replace(/\/$/, '');
  return testPath.startsWith(root) ? testPath.slice(root.length + 1) : testPath;
}

/**
 * Writes a screenshot of the page (or of `element`) to
 * `test-results/react-voice/<component>-<state>.png` and returns that path.
 */
export async function screenshotState(
  component: string,
  state: string,
  element?: Element,
): Promise<string> {
  const depth = testFileFromRoot().split('/').length - 1;
  const file = `${SCREENSHOT_DIR}/${component}-${state}.png`;
  await page.screenshot({ path: `${'../'.repeat(depth)}${file}`, ...(element ? { element } : {}) });
  return file;
}

/** Waits for the running finite animations (a dialog's fade-in) so that colours are final. */
export async function settleAnimations(): Promise<void> {
  await new Promise((r) => requestAnimationFrame(r));
  const finite = document
    .getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

export interface CheckStateOptions {
  /**
   * What axe checks (default the document). While a modal layer (dialog, menu) is open, pass the
   * layer: Radix hides the rest of the page from assistive technology (`aria-hidden`) then.
   */
  readonly axe?: Element;
  /** Screenshot only this element (default the viewport). */
  readonly element?: Element;
}

/**
 * The checks every component state gets: no axe violations, then its screenshot.
 */
export async function checkState(
  component: string,
  state: string,
  options: CheckStateOptions = {},
): Promise<void> {
  await settleAnimations();
  await expectNoAxeViolations(options.axe);
  await screenshotState(component, state, options.element);
}

/** Resizes the page's viewport (phones: 375 × 740; desktop 1280 × 800). */
export async function viewport(width: number, height: number): Promise<void> {
  await page.viewport(width, height);
}
