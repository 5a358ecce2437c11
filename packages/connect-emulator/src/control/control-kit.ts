// What the control API's simulation route modules share: the contact and error schemas of the
// OpenAPI document, the contact's JSON, the documented error answers and the AWS-shaped error.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContactCentre, ContactRecord } from '../domain/contact-centre';
import { awsErrorBody } from '../lib/http';
import { json } from './route-docs';

/** An AWS-shaped error body (the `x-amzn-ErrorType` header names the type too). */
export const controlErrorSchema = z
  .object({ __type: z.string(), message: z.string(), Message: z.string() })
  .openapi('Error');

const connectionSchema = z.object({
  connectionId: z.string(),
  type: z.string(),
  state: z.string(),
  agent: z.string().optional(),
  /** The external number a third-party connection dials (a phone-number endpoint). */
  phoneNumber: z.string().optional(),
});

/** A contact as the control API shows it. */
export const controlContactSchema = z
  .object({
    contactId: z.string(),
    type: z.enum(['voice', 'queue_callback', 'task', 'chat']),
    initiationMethod: z.enum(['inbound', 'outbound', 'callback', 'api']),
    queue: z.string(),
    contactFlow: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    state: z.string(),
    waiting: z.boolean(),
    customerNumber: z.string(),
    endReason: z.string().nullable(),
    connections: z.array(connectionSchema),
    digits: z.array(z.object({ from: z.enum(['agent', 'customer']), digits: z.string() })),
    customerSoftphone: z
      .object({ signalingEndpoint: z.string(), callContextToken: z.string() })
      .nullable()
      .openapi({
        description:
          "Voice: where the customer's phone signals its audio (the softphone signalling, JSON-RPC over a web socket) and the token its invite carries",
      }),
  })
  .openapi('Contact');

export const contactParams = z.object({
  contactId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'contactId', in: 'path' } }),
});

export const errors = {
  400: json(controlErrorSchema, 'Bad input (ValidationException, SerializationException)'),
  404: json(controlErrorSchema, 'Unknown contact, number, queue or flow'),
  409: json(controlErrorSchema, 'Not possible in the current state'),
};

export function contactJson(
  c: ContactRecord,
  centre: ContactCentre,
): z.infer<typeof controlContactSchema> {
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
      ...(x.agentId ? { agent: centre.agents.get(x.agentId)?.username } : {}),
      ...(!x.initial && x.endpoint.type === 'phone_number' && x.endpoint.phoneNumber
        ? { phoneNumber: x.endpoint.phoneNumber }
        : {}),
    })),
    digits: c.digits.map((d) => ({ from: d.from, digits: d.digits })),
    customerSoftphone: centre.customerSoftphone(c) ?? null,
  };
}

/** An AWS-shaped error answer. */
export function fail<S extends 400 | 404 | 409 | 413 | 500>(
  c: Context,
  status: S,
  type: string,
  message: string,
) {
  return c.json(awsErrorBody(type, message), status, { 'x-amzn-ErrorType': type });
}

/** The customer's call, also when named by the id of a contact a transfer created. */
export function customerCallId(centre: ContactCentre, asked: string): string {
  return centre.findContact(asked)?.contact.id ?? asked;
}
