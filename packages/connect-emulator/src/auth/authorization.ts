import { TransportType } from '@x/connect-streams/protocol';
import type { AgentRecord, ContactCentre } from '../domain/contact-centre';

/**
 * What an operation does to a contact: `listen` (read it, report on it, leave it) is open to every
 * participant, a silent monitor included; `act` (hold, resume, mute others, send digits, destroy
 * others' legs, add parties, transfer, pause, accept, reject) needs a participant leg, or a
 * monitoring leg that barges (barge grants what the agent can do, as on the real service).
 * @public
 */
export type ContactAccess = 'listen' | 'act';

/**
 * The authorisation rule of one operation (CTI, agent-app or web-socket). Every operation has one
 * (the tables are typed `Record<Operation, OperationPolicy>`), and every call passes through
 * {@link authorizeOperation} before it runs.
 * @public
 */
export type OperationPolicy =
  /** Acts on the calling agent only (its state, configuration, lists, logs, tokens). */
  | { readonly kind: 'agent' }
  /** Creates a new contact for or from the calling agent. */
  | { readonly kind: 'new-contact' }
  /** Reads instance-wide data any agent of the instance may read (speakers, quick responses). */
  | { readonly kind: 'instance' }
  /**
   * Names a contact in the body member `field`: it must be one of the caller's (the id the caller
   * sees, a transfer's new contact included), with `access`; `after` also accepts a contact the
   * caller had that has left the instance (softphone reports arrive after the call).
   */
  | {
      readonly kind: 'contact';
      readonly field: string;
      readonly access: ContactAccess;
      readonly after?: boolean;
    }
  /** CreateTransport: a `web_rtc` or `chat_token` transport names a contact the caller must be on. */
  | { readonly kind: 'transport' };

/** Where {@link authorizeOperation} finds the contact of a Voice ID session. */
export interface AuthorizationContext {
  readonly centre: ContactCentre;
  /** The contact id of a Voice ID session name or id (undefined: no such session). */
  readonly sessionContact?: (sessionNameOrId: string) => string | undefined;
}

/**
 * The one authorisation helper: checks that `agent` may run an operation with `policy` on the
 * request `body`, or throws the real service's refusal (`ResourceNotFoundException` for a contact
 * that is not the caller's, `AccessDeniedException` for a listener that tries to act).
 * @public
 */
export function authorizeOperation(
  ctx: AuthorizationContext,
  agent: AgentRecord,
  policy: OperationPolicy,
  body: unknown,
): void {
  const members = (body !== null && typeof body === 'object' ? body : {}) as Record<
    string,
    unknown
  >;
  switch (policy.kind) {
    case 'agent':
    case 'new-contact':
    case 'instance':
      return;
    case 'transport': {
      const type = members['transportType'];
      const contactId = members['contactId'];
      if (
        (type === TransportType.WEB_RTC || type === TransportType.CHAT_TOKEN) &&
        typeof contactId === 'string' &&
        contactId !== ''
      )
        ctx.centre.authorize(agent, contactId, 'listen');
      return;
    }
    case 'contact': {
      let contactId = members[policy.field];
      if (typeof contactId !== 'string' || contactId === '') return; // the schema refuses it
      if (policy.field === 'SessionNameOrId') {
        // A Voice ID session belongs to the call: any agent on the call may use it.
        contactId = ctx.sessionContact?.(contactId);
        if (typeof contactId !== 'string') return; // no such session: the operation answers 404
        ctx.centre.authorize(agent, contactId, policy.access, false, true);
        return;
      }
      ctx.centre.authorize(agent, contactId, policy.access, policy.after === true);
      return;
    }
  }
}
