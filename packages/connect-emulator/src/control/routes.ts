import { CtiErrorType } from '@x/connect-streams/protocol';
import { z } from 'zod';
import { parseJson, safeDecode } from '../lib/http';
import { ManualClock, type Clock } from '../domain/clock';
import { DomainError, type ContactCentre, type ContactRecord } from '../domain/contact-centre';

/** A control API answer. */
export interface ControlResult {
  readonly status: number;
  readonly body: unknown;
}

/** What the control API acts on. */
export interface ControlContext {
  readonly centre: () => ContactCentre;
  readonly clock: Clock;
  readonly reset: () => void;
}

const dialSchema = z.strictObject({
  to: z.string().min(1),
  from: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number')
    .optional(),
  /** Contact attributes the call carries (a flow's setAttributes steps apply over them). */
  attributes: z.record(z.string().min(1).max(128), z.string().max(32_768)).optional(),
  /** A contact flow of the seed to run (default: the dialled number's flow, if it has one). */
  contactFlow: z.string().min(1).optional(),
});
const callbackSchema = z.strictObject({
  queue: z.string().min(1),
  number: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number'),
});
const digitsSchema = z.strictObject({
  digits: z.string().regex(/^[0-9*#]+$/, 'must be 0-9, * or #'),
});
const advanceSchema = z.strictObject({ ms: z.number().int().nonnegative().max(86_400_000) });

/** An AWS-shaped control-API error (the server adds `x-amzn-ErrorType`). */
function fail(status: number, type: string, message: string): ControlResult {
  return { status, body: { __type: type, message, Message: message } };
}

function contactJson(c: ContactRecord, centre: ContactCentre) {
  return {
    contactId: c.id,
    type: c.type,
    initiationMethod: c.initiationMethod,
    queue: c.queue.name,
    contactFlow: c.contactFlow ?? null,
    attributes: Object.fromEntries(Object.entries(c.attributes).map(([k, v]) => [k, v.value])),
    state: c.state,
    waiting: c.waiting,
    customerNumber: c.customerNumber,
    endReason: c.endReason ?? null,
    connections: c.connections.map((x) => ({
      connectionId: x.id,
      type: x.type,
      state: x.state,
      agent: x.agentId ? centre.agents.get(x.agentId)?.username : undefined,
    })),
    digits: c.digits.map((d) => ({ from: d.from, digits: d.digits })),
  };
}

/**
 * The REST control API (documented in `/control/openapi.json`): a customer dials, answers,
 * rejects, hangs up, presses digits; list agents and contacts; reset; advance a manual clock.
 * @public
 */
export function handleControl(
  ctx: ControlContext,
  method: string,
  path: string,
  rawBody: string,
): ControlResult {
  const centre = ctx.centre();
  let body: unknown = {};
  if (method === 'POST' && rawBody.trim() !== '') {
    try {
      body = parseJson(rawBody);
    } catch (error) {
      return fail(400, 'SerializationException', (error as Error).message);
    }
  }
  const parse = <T>(schema: z.ZodType<T>): T | ControlResult => {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    return fail(
      400,
      'ValidationException',
      `${issue.path.join('.') || '(body)'}: ${issue.message}`,
    );
  };
  const isResult = (x: unknown): x is ControlResult =>
    typeof x === 'object' && x !== null && 'status' in x && 'body' in x;

  try {
    if (method === 'GET' && path === '/control/agents') {
      return {
        status: 200,
        body: {
          agents: [...centre.agents.values()].map((a) => ({
            username: a.username,
            name: a.name,
            agentARN: a.arn,
            state: { type: a.shown.type, name: a.shown.name },
            selectedState: a.selected.name,
            nextState: a.nextState?.name ?? null,
            contacts: centre.contactsOf(a).map((c) => c.id),
          })),
        },
      };
    }
    if (method === 'GET' && path === '/control/contacts')
      return {
        status: 200,
        body: { contacts: [...centre.contacts.values()].map((c) => contactJson(c, centre)) },
      };
    if (method === 'POST' && path === '/control/calls') {
      const req = parse(dialSchema);
      if (isResult(req)) return req;
      const contact = centre.dialIn(req.to, req.from, {
        ...(req.attributes ? { attributes: req.attributes } : {}),
        ...(req.contactFlow ? { contactFlow: req.contactFlow } : {}),
      });
      return { status: 201, body: contactJson(contact, centre) };
    }
    if (method === 'POST' && path === '/control/callbacks') {
      const req = parse(callbackSchema);
      if (isResult(req)) return req;
      const contact = centre.queueCallback(req.queue, req.number);
      return { status: 201, body: contactJson(contact, centre) };
    }
    if (method === 'POST' && path === '/control/reset') {
      ctx.reset();
      return { status: 200, body: { reset: true } };
    }
    if (method === 'POST' && path === '/control/clock/advance') {
      if (!(ctx.clock instanceof ManualClock))
        return fail(
          409,
          'ConflictException',
          'The clock is the system clock; start the emulator with a manual clock.',
        );
      const req = parse(advanceSchema);
      if (isResult(req)) return req;
      ctx.clock.advance(req.ms);
      return { status: 200, body: { now: ctx.clock.now() } };
    }
    const match = /^\/control\/contacts\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
    if (match) {
      const asked = safeDecode(match[1]!);
      if (asked === undefined)
        return fail(400, 'InvalidRequestException', 'The path has a malformed % escape.');
      // The customer's call, also when named by the id of a contact a transfer created.
      const id = centre.findContact(asked)?.contact.id ?? asked;
      const action = match[2];
      if (method === 'GET' && !action) {
        const contact = centre.contacts.get(id);
        return contact
          ? { status: 200, body: contactJson(contact, centre) }
          : fail(404, 'ResourceNotFoundException', `Contact ${id} not found.`);
      }
      if (method === 'POST' && action) {
        switch (action) {
          case 'answer':
            centre.customerAnswers(id);
            break;
          case 'reject':
            centre.customerOutcome(id, 'rejected');
            break;
          case 'no-answer':
            centre.customerOutcome(id, 'no answer');
            break;
          case 'hangup':
            centre.customerHangsUp(id);
            break;
          case 'digits': {
            const req = parse(digitsSchema);
            if (isResult(req)) return req;
            centre.customerPressesDigits(id, req.digits);
            break;
          }
          default:
            return fail(404, 'NotFoundException', `No control action ${action}.`);
        }
        const contact = centre.contacts.get(id);
        return {
          status: 200,
          body: contact ? contactJson(contact, centre) : { contactId: id, state: 'gone' },
        };
      }
    }
    return fail(404, 'NotFoundException', `No control endpoint ${method} ${path.slice(0, 200)}.`);
  } catch (error) {
    if (error instanceof DomainError) {
      const status =
        error.type === CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION
          ? 404
          : error.type === CtiErrorType.INVALID_STATE_EXCEPTION
            ? 409
            : 400;
      return fail(
        status,
        status === 404
          ? 'ResourceNotFoundException'
          : status === 409
            ? 'ConflictException'
            : 'ValidationException',
        error.message,
      );
    }
    throw error;
  }
}
