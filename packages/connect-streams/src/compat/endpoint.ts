// `connect.Endpoint` and `connect.SoftphoneError`, the compat layer's two plain value classes, and
// the conversion of an endpoint back to the wire data the core takes.
import type { EndpointData } from '../wire';
import { EndpointType } from './enums';

/**
 * `connect.Endpoint`: an address to call or transfer to.
 * @public
 */
export class Endpoint implements connect.Endpoint {
  // A field the data lacks is null, as in the original, whose declarations type them as strings.
  /** The endpoint's ARN (also its id), or null for a bare phone number. */
  readonly endpointARN: string;
  /** The same as `endpointARN`. */
  readonly endpointId: string;
  /** `agent`, `queue` or `phone_number`. */
  readonly type: connect.EndpointType;
  /** The display name. */
  readonly name: string;
  /** The phone number, for `phone_number` endpoints. */
  readonly phoneNumber: string;
  /** The agent's login, for `agent` endpoints. */
  readonly agentLogin: string;
  /** The queue, for `queue` endpoints. */
  readonly queue: string;

  /** An endpoint from wire data (`endpointId`/`endpointARN`, `type`, `name`, `phoneNumber`, …). */
  constructor(params: Readonly<Record<string, unknown>> | EndpointData = {}) {
    const p = params as Readonly<Record<string, unknown>>;
    const str = (v: unknown) => (typeof v === 'string' ? v : null) as string;
    this.endpointARN = str(p['endpointId']) ?? str(p['endpointARN']);
    this.endpointId = this.endpointARN;
    this.type = str(p['type']) as connect.EndpointType;
    this.name = str(p['name']);
    this.phoneNumber = str(p['phoneNumber']);
    this.agentLogin = str(p['agentLogin']);
    this.queue = (p['queue'] ?? null) as string;
  }

  /** A phone-number endpoint. */
  static byPhoneNumber(number: string, name?: string): Endpoint {
    return new Endpoint({
      phoneNumber: number,
      name: name ?? number,
      type: EndpointType.PHONE_NUMBER,
    });
  }

  /** The bare number of a SIP-style address (`sip:+1555@host` → `+1555`). */
  stripPhoneNumber(): string {
    return this.phoneNumber
      ? (/^sip:([^@]*)@.*$/.exec(this.phoneNumber)?.[1] ?? this.phoneNumber)
      : '';
  }
}

/**
 * `connect.SoftphoneError`: the error a softphone failure reports (type, message, endpoint URL).
 * @public
 */
export class SoftphoneError implements connect.SoftphoneError {
  /** A softphone error of type `errorType`, with its message and the signalling endpoint's URL. */
  constructor(
    /** The softphone error type, e.g. `microphone_not_shared`. */
    readonly errorType: string,
    /** The message shown to the agent. */
    readonly errorMessage: string,
    /** The signalling endpoint's URL ('' when none). */
    readonly endPointUrl: string,
  ) {}

  /** The softphone error type. */
  getErrorType(): string {
    return this.errorType;
  }
  /** The message shown to the agent. */
  getErrorMessage(): string {
    return this.errorMessage;
  }
  /** The signalling endpoint's URL. */
  getEndPointUrl(): string {
    return this.endPointUrl;
  }
}

export function toEndpointData(endpoint: connect.Endpoint | EndpointData): EndpointData {
  const e = endpoint as Partial<Endpoint> & Partial<EndpointData>;
  const out: Record<string, unknown> = {};
  for (const key of [
    'endpointARN',
    'endpointId',
    'type',
    'name',
    'phoneNumber',
    'agentLogin',
    'queue',
  ]) {
    const v = (e as Record<string, unknown>)[key];
    if (v !== null && v !== undefined) out[key] = v;
  }
  return out as unknown as EndpointData;
}
