import { Ccp } from '../ccp/ccp';
import type { Conduit } from '../conduit/conduit';
import type { InitCcpParams } from '@x/connect-streams';
import { validateInitParams } from '../ccp/params';
import type { ConduitMessage, WireEventName } from '../protocol';
import type { AgentUpdate } from '../wire';
import type { RingtoneAudio } from '../media/ringtone';
import { createConduitPair } from './in-memory-conduit';
import { PanelError } from './panel-error';
import { TestInstance } from './test-instance';

/** Options of a {@link TestPanel}. @public */
export interface TestPanelOptions {
  /** Acknowledge `{id}` as soon as a host connects (default true). */
  readonly autoAcknowledge?: boolean;
  /** Answer `synchronize` with `acknowledge` (default true). */
  readonly answerKeepalive?: boolean;
  /** Answer `master_request` saying this tab is master (default true). */
  readonly master?: boolean;
  /** Port id sent in the first acknowledgement (default 'test-port-1'). */
  readonly portId?: string;
  /** Clock (default `Date.now`). */
  readonly now?: () => number;
  /** Audio factory for ringtones (tests without `Audio`). */
  readonly createAudio?: (url: string) => RingtoneAudio;
}

/** A request the host sent. @public */
export interface RecordedRequest {
  /** The operation. */
  readonly method: string;
  /** Its parameters. */
  readonly params: Record<string, unknown>;
  /** The request's id. */
  readonly requestId: string;
}

/** A request handler: returns data, or throws the error object the panel should send. @public */
export type RequestHandler = (params: Record<string, unknown>) => unknown;

/**
 * An in-memory panel (no iframe, no network) implementing the panel side of the conduit with a
 * scriptable {@link TestInstance}: it acknowledges, answers keepalive, master and CTI requests, echoes
 * broadcasts, and publishes `agent::update` after every change.
 *
 * @example
 * ```ts
 * import { TestPanel } from '@x/connect-streams/testing';
 *
 * const panel = new TestPanel();
 * const ccp = panel.connect();
 * ccp.contacts.on('connecting', (contact) => void contact.accept());
 * await panel.settle();
 * panel.instance.setAgentState('Available');
 * const id = panel.instance.incomingCall({ phoneNumber: '+15555550123' });
 * await panel.settle();
 * expect(ccp.contacts.get(id)?.getState().type).toBe('connected');
 * ```
 * @public
 */
export class TestPanel {
  /** The scriptable instance behind this panel. */
  readonly instance: TestInstance;
  /** Every envelope the host sent, in order. */
  readonly received: ConduitMessage[] = [];
  /** Every CTI request the host sent, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, RequestHandler>();
  private panelEnd: Conduit | undefined;
  private readonly options: TestPanelOptions;
  private answerKeepalive: boolean;
  private master: boolean;

  /** An in-memory panel with these options. */
  constructor(options: TestPanelOptions = {}) {
    this.options = options;
    this.answerKeepalive = options.answerKeepalive ?? true;
    this.master = options.master ?? true;
    this.instance = new TestInstance((update) => this.pushAgentUpdate(update), {
      now: options.now,
    });
  }

  /**
   * Serves this panel over any panel-side conduit, e.g. {@link createWindowPanelConduit} inside an
   * iframe page, so that a host's real `initCCP` talks to it through `postMessage`.
   */
  attach(conduit: Conduit): void {
    this.panelEnd = conduit;
    conduit.onMessage((m) => this.receive(m));
  }

  /**
   * Creates a `Ccp` connected to this panel (as `initCCP` would, without an iframe).
   * `ccpUrl` defaults to 'https://test.my.connect.aws/ccp-v2/'.
   */
  connect(params: Partial<InitCcpParams> = {}): Ccp {
    const validated = validateInitParams(
      undefined,
      { ccpUrl: 'https://test.my.connect.aws/ccp-v2/', ...params },
      false,
    );
    const [host, panel] = createConduitPair();
    this.panelEnd = panel;
    panel.onMessage((m) => this.receive(m));
    const ccp = new Ccp(
      validated.params,
      { conduit: host, now: this.options.now },
      {
        configureErrors: validated.configureErrors,
        ringtone: validated.ringtone,
        createAudio: this.options.createAudio,
      },
    );
    if (this.options.autoAcknowledge ?? true) this.acknowledge();
    return ccp;
  }

  /** Overrides the answer to one CTI operation. */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  /** Sends the first acknowledgement `{id}` (or a plain `acknowledge`). */
  acknowledge(data: unknown = { id: this.options.portId ?? 'test-port-1' }): void {
    this.emit('acknowledge', data);
  }

  /** Stops or resumes answering `synchronize` (to exercise the acknowledge timeout). */
  setAnswerKeepalive(answer: boolean): void {
    this.answerKeepalive = answer;
  }

  /**
   * Whether `master_request` answers that this tab is master from now on (another tab closed and
   * this one may take its topics over, or another tab took them).
   */
  setMaster(isMaster: boolean): void {
    this.master = isMaster;
  }

  /** Sends `agent::update` with this data. */
  pushAgentUpdate(update: AgentUpdate): void {
    this.emit('agent::update', update);
  }

  /** Sends any envelope to the host. */
  emit(event: WireEventName, data?: unknown): void {
    this.panelEnd?.send(event, data);
  }

  /** Envelopes the host sent with this event name. */
  sent(event: WireEventName): unknown[] {
    return this.received.filter((m) => m.event === event).map((m) => m.data);
  }

  /** Waits until every queued message and pending promise has run. */
  async settle(rounds = 10): Promise<void> {
    for (let i = 0; i < rounds; i++) await Promise.resolve();
  }

  private receive(m: ConduitMessage): void {
    this.received.push(m);
    const data = m.data as Record<string, unknown> | undefined;
    switch (m.event) {
      case 'synchronize':
        if (this.answerKeepalive) this.emit('acknowledge');
        break;
      case 'broadcast':
        if (data && typeof data.event === 'string') {
          this.emit(data.event as WireEventName, data.data);
          // the softphone answers a mute request with its new state, as the real panel does
          if (data.event === 'mute') {
            const muted = (data.data as { mute?: unknown } | undefined)?.mute === true;
            this.emit('agent::mute_toggle', { muted });
          }
        }
        break;
      case 'master_request':
        if (data) {
          const params = (data.params ?? {}) as { topic?: string };
          const isMaster = this.master;
          this.emit('master_response', {
            event: 'master_response',
            requestId: data.requestId,
            data: { masterId: isMaster ? 'test-tab' : 'other-tab', isMaster, topic: params.topic },
            err: null,
          });
        }
        break;
      case 'api_request':
        if (data) this.answer(data);
        break;
      default:
        break;
    }
  }

  private answer(data: Record<string, unknown>): void {
    const method = String(data.method);
    const params = (data.params ?? {}) as Record<string, unknown>;
    const requestId = String(data.requestId);
    this.requests.push({ method, params, requestId });
    const respond = (result: unknown, err: unknown): void =>
      this.emit('api_response', {
        event: 'api_response',
        requestId,
        data: result ?? null,
        err: err ?? null,
      });
    const handler = this.handlers.get(method);
    try {
      const result = handler ? handler(params) : this.instance.handle(method, params);
      if (result instanceof Promise) {
        result.then(
          (r: unknown) => respond(r, null),
          (e: unknown) => respond(null, JSON.stringify(e)),
        );
      } else respond(result, null);
    } catch (e) {
      const shape =
        e instanceof PanelError
          ? e.shape
          : e instanceof Error
            ? { type: e.name, message: e.message }
            : e;
      respond(null, JSON.stringify(shape));
    }
  }
}
