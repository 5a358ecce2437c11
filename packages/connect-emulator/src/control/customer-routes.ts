// The control API's customer-side routes: a customer dials, asks for a callback, starts a chat,
// answers, rejects, does not answer or hangs up, and presses digits.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { CUSTOMER_CHAT_FLOW } from '../constants';
import type { ControlContext } from './control-app';
import {
  contactJson,
  contactParams,
  controlContactSchema,
  customerCallId,
  errors,
  fail,
} from './control-kit';
import { body, json } from './route-docs';

const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number');

/** `POST /control/calls`: a customer dials. */
export const dialSchema = z
  .strictObject({
    to: z
      .string()
      .min(1)
      .openapi({ description: 'An E.164 number of the instance, or a queue name' }),
    from: e164.optional().openapi({ description: "The customer's E.164 number" }),
    attributes: z.record(z.string().min(1).max(128), z.string().max(32_768)).optional().openapi({
      description:
        "Contact attributes the call carries (a flow's setAttributes steps apply over them)",
    }),
    contactFlow: z.string().min(1).optional().openapi({
      description: "A contact flow of the seed to run (default: the dialled number's, if any)",
    }),
  })
  .openapi('Dial');

/** `POST /control/chats`: a customer starts a chat (the customer page's "Start a chat"). */
export const startChatSchema = z
  .strictObject({
    displayName: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .openapi({ description: "The customer's display name (ParticipantDetails.DisplayName)" }),
    message: z.string().trim().min(1).max(1024).optional().openapi({
      description: "The customer's first message (text/plain InitialMessage, 1 to 1024 characters)",
    }),
    contactFlow: z.string().min(1).max(500).optional().openapi({
      description:
        "A contact flow of the seed (name or id) whose steps pick the queue and attributes; default: the instance's first queue",
    }),
    attributes: z.record(z.string().min(1).max(128), z.string().max(32_768)).optional().openapi({
      description: "Contact attributes (a flow's setAttributes steps apply under them)",
    }),
  })
  .openapi('StartChat');

/** The answer of `POST /control/chats`: StartChatContact's response. */
const startedChatSchema = z
  .object({
    ContactId: z.string(),
    ParticipantId: z.string(),
    ParticipantToken: z
      .string()
      .openapi({ description: 'For CreateParticipantConnection (X-Amz-Bearer)' }),
  })
  .openapi('StartedChat');

const callbackSchema = z.strictObject({
  queue: z.string().min(1).openapi({ description: 'Queue name or a phone number of the instance' }),
  number: e164.openapi({ description: "The customer's E.164 number" }),
});
const digitsSchema = z.strictObject({
  digits: z.string().regex(/^[0-9*#]+$/, 'must be 0-9, * or #'),
});

/** Registers the customer-side routes. */
export function registerCustomerRoutes(app: OpenAPIHono, ctx: ControlContext): void {
  const callOf = (asked: string) => customerCallId(ctx.centre(), asked);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/calls',
      summary:
        'A customer dials a phone number of the instance (through its contact flow) or a queue name',
      request: { body: body(dialSchema) },
      responses: { 201: json(controlContactSchema, 'The new contact'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      const centre = ctx.centre();
      const contact = centre.dialIn(req.to, req.from, {
        ...(req.attributes ? { attributes: req.attributes } : {}),
        ...(req.contactFlow ? { contactFlow: req.contactFlow } : {}),
      });
      return c.json(contactJson(contact, centre), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/callbacks',
      summary: 'A customer asks to be called back: a queued callback waits in the queue',
      request: { body: body(callbackSchema) },
      responses: { 201: json(controlContactSchema, 'The new contact'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      const centre = ctx.centre();
      return c.json(contactJson(centre.queueCallback(req.queue, req.number), centre), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/chats',
      summary:
        "A customer starts a chat, through StartChatContact's backend: answers its ContactId, ParticipantId and ParticipantToken, for the Participant Service (CreateParticipantConnection, then the chat web socket)",
      request: { body: body(startChatSchema) },
      responses: { 201: json(startedChatSchema, 'The new chat'), ...errors },
    }),
    (c) => {
      const req = c.req.valid('json');
      if (!ctx.startChatContact)
        return fail(c, 404, 'NotFoundException', 'This emulator starts no chats.');
      const started = ctx.startChatContact({
        contactFlowId: req.contactFlow ?? CUSTOMER_CHAT_FLOW,
        displayName: req.displayName,
        attributes: req.attributes ?? {},
        ...(req.message
          ? { initialMessage: { contentType: 'text/plain', content: req.message } }
          : {}),
      });
      return c.json(
        {
          ContactId: started.contactId,
          ParticipantId: started.participantId,
          ParticipantToken: started.participantToken,
        },
        201,
      );
    },
  );

  const gone = z.object({ contactId: z.string(), state: z.literal('gone') });
  const after = (id: string) => {
    const centre = ctx.centre();
    const contact = centre.contacts.get(id);
    return contact ? contactJson(contact, centre) : { contactId: id, state: 'gone' as const };
  };
  const actions = [
    [
      'answer',
      'The customer answers an outbound call or a callback',
      (id: string) => ctx.centre().customerAnswers(id),
    ],
    [
      'reject',
      'The customer rejects an outbound call',
      (id: string) => ctx.centre().customerOutcome(id, 'rejected'),
    ],
    [
      'no-answer',
      'The customer does not answer an outbound call',
      (id: string) => ctx.centre().customerOutcome(id, 'no answer'),
    ],
    ['hangup', 'The customer hangs up', (id: string) => ctx.centre().customerHangsUp(id)],
  ] as const;
  for (const [action, summary, run] of actions)
    app.openapi(
      createRoute({
        method: 'post',
        path: `/control/contacts/{contactId}/${action}`,
        summary,
        request: { params: contactParams },
        responses: {
          200: json(z.union([controlContactSchema, gone]), 'The contact after the action'),
          ...errors,
        },
      }),
      (c) => {
        const id = callOf(c.req.valid('param').contactId);
        run(id);
        return c.json(after(id), 200);
      },
    );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/contacts/{contactId}/digits',
      summary: 'The customer presses digits',
      request: { params: contactParams, body: body(digitsSchema) },
      responses: {
        200: json(z.union([controlContactSchema, gone]), 'The contact after the action'),
        ...errors,
      },
    }),
    (c) => {
      const id = callOf(c.req.valid('param').contactId);
      ctx.centre().customerPressesDigits(id, c.req.valid('json').digits);
      return c.json(after(id), 200);
    },
  );
}
