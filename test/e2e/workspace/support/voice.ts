// Drives the contact-centre emulator that the e2e run starts next to the workspace server: the
// customers' side (dial-ins, answers, hang-ups, digits, through the control API with the run's
// control token) and the agents' states (through the agent API with a session of that agent), and
// reads what the workspace server recorded.
import { expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { apiCall } from './api';

/** The token of the emulator's control API (`playwright.config.ts` gives the run one). */
export const CONTROL_TOKEN = process.env.CONNECT_EMULATOR_CONTROL_TOKEN ?? '';

/** The demo instance's numbers (emulator demo seed). */
export const NUMBERS = {
  /** The support line: BasicQueue. */
  support: '+15555550001',
} as const;

/**
 * Seeded contacts of workspace acme (server demo seed) the voice journeys call and are called by:
 * not the ones the inbox journeys count on (Maria Garcia, Li Wei), since every call adds to its
 * contact's conversations.
 */
export const CALLERS = {
  olivia: { name: 'Olivia Brown', phone: '+15555550103' },
  noah: { name: 'Noah Smith', phone: '+442071234567' },
  demo: { name: 'Demo Customer', phone: '+15555550123' },
} as const;

export type AgentUsername = 'jane' | 'john' | 'ana';
export const AGENTS: readonly AgentUsername[] = ['jane', 'john', 'ana'];

export interface EmulatorContact {
  readonly contactId: string;
  readonly state: string;
  readonly customerNumber: string;
  readonly connections: readonly {
    connectionId: string;
    type: string;
    state: string;
    agent?: string;
    phoneNumber?: string;
  }[];
  readonly digits: readonly { from: string; digits: string }[];
}

export interface EmulatorAgent {
  readonly username: string;
  readonly state: { type: string; name: string };
  readonly contacts: readonly string[];
}

/** The emulator of this run, found through the workspace's voice configuration. */
export class VoiceEmulator {
  private readonly tokens = new Map<AgentUsername, string>();

  private constructor(
    private readonly http: APIRequestContext,
    readonly url: string,
  ) {}

  /** Finds the emulator through `GET /ws/{slug}/addons/voice/config` (its CCP URL). */
  static async find(request: APIRequestContext, token: string): Promise<VoiceEmulator> {
    const { config } = await apiCall<{ config: { ccpUrl: string } }>(
      request,
      token,
      'GET',
      '/ws/acme/addons/voice/config',
    );
    const url = new URL(config.ccpUrl).origin;
    // One connection per control request: a kept-alive socket that the emulator closes as its idle
    // timeout ends would reset a request that reuses it at that moment (ECONNRESET).
    const control = await playwrightRequest.newContext({
      extraHTTPHeaders: { connection: 'close' },
    });
    return new VoiceEmulator(control, url);
  }

  async dispose(): Promise<void> {
    await this.http.dispose();
  }

  /** A control API call (customers, contacts, agents). */
  async control<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const response = await this.http.fetch(`${this.url}/control${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-connect-emulator-token': CONTROL_TOKEN },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok())
      throw new Error(`control ${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A customer dials `to` from `from`. */
  dial(from: string, to: string = NUMBERS.support): Promise<EmulatorContact> {
    return this.control<EmulatorContact>('POST', '/calls', { to, from });
  }

  contact(contactId: string): Promise<EmulatorContact> {
    return this.control<EmulatorContact>('GET', `/contacts/${encodeURIComponent(contactId)}`);
  }

  async contacts(): Promise<EmulatorContact[]> {
    return (await this.control<{ contacts: EmulatorContact[] }>('GET', '/contacts')).contacts;
  }

  async agents(): Promise<EmulatorAgent[]> {
    return (await this.control<{ agents: EmulatorAgent[] }>('GET', '/agents')).agents;
  }

  async agent(username: AgentUsername): Promise<EmulatorAgent> {
    const found = (await this.agents()).find((a) => a.username === username);
    if (!found) throw new Error(`the emulator has no agent ${username}`);
    return found;
  }

  /** The customer's side of a contact: answer, reject, no-answer, hangup, digits. */
  async customer(
    contactId: string,
    action: 'answer' | 'reject' | 'no-answer' | 'hangup' | 'digits',
    digits?: string,
  ): Promise<void> {
    await this.control(
      'POST',
      `/contacts/${encodeURIComponent(contactId)}/${action}`,
      digits === undefined ? {} : { digits },
    );
  }

  /** An agent API token of `username` (a sign-in of its own, as the softphone's). */
  private async agentToken(username: AgentUsername): Promise<string> {
    const known = this.tokens.get(username);
    if (known) return known;
    const session = await playwrightRequest.newContext();
    try {
      const login = await session.get(`${this.url}/login?username=${username}`);
      expect(login.ok(), `emulator login of ${username}`).toBe(true);
      const authorized = await session.get(`${this.url}/auth/authorize`);
      const { accessToken } = (await authorized.json()) as { accessToken: string };
      this.tokens.set(username, accessToken);
      return accessToken;
    } finally {
      await session.dispose();
    }
  }

  /** An agent API (CTI) operation as `username`. */
  async cti<T>(username: AgentUsername, operation: string, body: object = {}): Promise<T> {
    const token = await this.agentToken(username);
    const response = await this.http.post(`${this.url}/api`, {
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonConnectCTIService.${operation}`,
        'x-amz-bearer': token,
      },
      data: JSON.stringify({ ...body, authentication: { authToken: token } }),
    });
    if (!response.ok())
      throw new Error(`${operation} as ${username}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Sets an agent's state the way its softphone would. */
  async setAgentState(
    username: AgentUsername,
    state: 'Available' | 'Offline' | 'Away',
  ): Promise<void> {
    const type =
      state === 'Available' ? 'routable' : state === 'Offline' ? 'offline' : 'not_routable';
    await this.cti(username, 'PutAgentState', { state: { name: state, type } });
  }

  /**
   * Leaves the instance quiet for the next journey: every customer still on a call hangs up and
   * every agent is Offline (the emulator lives for the whole e2e run).
   */
  async quiet(): Promise<void> {
    for (const contact of await this.contacts())
      if (contact.state !== 'ended')
        await this.customer(contact.contactId, 'hangup').catch(() => undefined);
    for (const username of AGENTS) {
      // after-call work left by an unfinished journey, by the ids the agent knows its contacts by
      const { snapshot } = await this.cti<{ snapshot: { contacts: { contactId: string }[] } }>(
        username,
        'GetAgentSnapshot',
      );
      for (const { contactId } of snapshot.contacts)
        await this.cti(username, 'ClearContact', { contactId });
      await this.setAgentState(username, 'Offline');
    }
  }

  /** Waits until a contact from `phone` is offered to (or connected with) `username`. */
  async waitForContact(phone: string, username: AgentUsername): Promise<EmulatorContact> {
    let found: EmulatorContact | undefined;
    try {
      await expect
        .poll(
          async () => {
            found = (await this.contacts()).find(
              (c) =>
                c.customerNumber === phone &&
                c.state !== 'ended' &&
                c.connections.some((x) => x.agent === username),
            );
            return found !== undefined;
          },
          { message: `a call from ${phone} reaches ${username}` },
        )
        .toBe(true);
    } catch (error) {
      // What the contact centre saw instead: the agents' states and the caller's contacts.
      const agents = (await this.agents()).map((a) => `${a.username}: ${a.state.name}`);
      const calls = (await this.contacts())
        .filter((c) => c.customerNumber === phone)
        .map(
          (c) =>
            `${c.contactId} ${c.state} [${c.connections.map((x) => `${x.agent ?? x.type}:${x.state}`).join(', ')}]`,
        );
      throw new Error(
        `${(error as Error).message}\nagents: ${agents.join('; ')}\ncalls from ${phone}: ${calls.join('; ') || 'none'}`,
        { cause: error },
      );
    }
    return found!;
  }
}

/** Voice connection records of the workspace server (`GET /addons/voice/connections/{id}`). */
export interface ConnectionRecord {
  readonly idCommunication: string;
  readonly idConversation: string | null;
  readonly communicationType: string;
  readonly answered: boolean;
}

export function connectionRecord(
  request: APIRequestContext,
  token: string,
  idCommunication: string,
): Promise<{ connection: ConnectionRecord }> {
  return apiCall(
    request,
    token,
    'GET',
    `/ws/acme/addons/voice/connections/${encodeURIComponent(idCommunication)}`,
  );
}
