import { Ccp } from '../ccp/ccp';
import { CcpIframe, type PanelFrame } from '../ccp/frame';
import { initCCP } from '../ccp/init-ccp';
import type { InitCcpParams } from '@x/connect-streams';
import { validateInitParams } from '../ccp/params';
import { IframeConduit } from '../conduit/iframe-conduit';
import { CCP_IFRAME_STYLE } from '../constants';
import { GlobalResiliencyConduit, GR_EVENTS } from './global-resiliency-conduit';

/**
 * A panel set up for global resiliency: the `Ccp` (wired to the active region only) and the
 * region controller; `globalResiliency` is absent when the parameters did not enable it.
 * @public
 */
export interface GlobalResiliencyCcp {
  /** The client, wired to the active region. */
  readonly ccp: Ccp;
  /** The two-region conduit (undefined when global resiliency is not enabled). */
  readonly globalResiliency: GlobalResiliencyConduit | undefined;
}

/**
 * Hooks for callers that relay the controller's events under the original event names.
 * @public
 */
export interface GlobalResiliencyHooks {
  /** Relays an event to the host's listeners. */
  trigger(event: string, data?: unknown): void;
}

class TwoRegionFrame implements PanelFrame {
  constructor(
    private readonly frames: readonly CcpIframe[],
    private readonly activeIndex: () => number,
  ) {}
  window() {
    return this.frames[this.activeIndex()]?.window() ?? null;
  }
  refresh(): void {
    for (const f of this.frames) f.refresh();
  }
  remove(): void {
    for (const f of this.frames) f.remove();
  }
  styleReport() {
    return this.frames[this.activeIndex()]?.styleReport();
  }
}

/**
 * Embeds the panel of two regions (`ccpUrl` and `secondaryCCPUrl`), the inactive one hidden. Without
 * a non-empty secondaryCCPUrl and loginUrl, global resiliency is not enabled: one panel is embedded
 * and the Ccp raises `configureError` with the spec's message.
 *
 * @example
 * ```ts
 * const { ccp, globalResiliency } = initGlobalResiliencyCCP(container, {
 *   ccpUrl: 'https://east.my.connect.aws/ccp-v2/', secondaryCCPUrl: 'https://west.my.connect.aws/ccp-v2/',
 *   loginUrl: 'https://example.awsapps.com/start', enableGlobalResiliency: true,
 * });
 * globalResiliency?.on('failoverComplete', ({ activeRegion }) => console.log(activeRegion));
 * ```
 * @public
 */
export function initGlobalResiliencyCCP(
  container: HTMLElement,
  params: InitCcpParams,
  hooks?: GlobalResiliencyHooks,
): GlobalResiliencyCcp {
  const validated = validateInitParams(container, params);
  const p = validated.params;
  if (!p.enableGlobalResiliency || !p.secondaryCCPUrl || !p.loginUrl) {
    const ccp = initCCP(container, params);
    for (const message of validated.configureErrors)
      hooks?.trigger(GR_EVENTS.CONFIGURE_ERROR, { message });
    return { ccp, globalResiliency: undefined };
  }
  const view = container.ownerDocument.defaultView;
  if (!view) throw new Error('The container has no window');
  const style = p.style ?? CCP_IFRAME_STYLE;
  const urls = [p.ccpUrl, p.secondaryCCPUrl];
  const frames = urls.map(
    (ccpUrl) => new CcpIframe(container, { ccpUrl, style, iframeTitle: p.iframeTitle }),
  );
  const panels = urls.map((url, i) => {
    const origin = new URL(url, container.ownerDocument.baseURI).origin;
    const frame = frames[i]!;
    return {
      name: origin,
      conduit: new IframeConduit(view, origin, () => frame.window()),
      setVisible: (visible: boolean) =>
        frame.element?.setAttribute('style', visible ? style : `${style} display: none;`),
    };
  });
  frames.forEach((f, i) => f.element?.setAttribute('data-identifier', panels[i]!.name));
  const gr = new GlobalResiliencyConduit(panels[0]!, panels[1]!, {
    synTimeout: p.ccpSynTimeout,
    ackTimeout: p.ccpAckTimeout,
  });
  const frame = new TwoRegionFrame(frames, () => gr.activeIndex);
  const ccp = new Ccp(
    p,
    { conduit: gr, frame, popupHost: view },
    { configureErrors: validated.configureErrors, ringtone: validated.ringtone },
  );
  if (hooks) {
    gr.on('failoverPending', (d) => hooks.trigger(GR_EVENTS.FAILOVER_PENDING_CRM, d));
    gr.on('failoverComplete', (d) => hooks.trigger(GR_EVENTS.FAILOVER_COMPLETE, d));
  }
  return { ccp, globalResiliency: gr };
}
