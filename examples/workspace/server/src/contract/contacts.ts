// Contacts (visitor-prefixed names for numbers not yet known) and the contact profile.
import { z } from '@hono/zod-openapi';
import { isoDateTime, pageInfoSchema } from './common';
import { conversationSchema } from './inbox';

const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/, 'Phone number is not valid.');

/** The longest text value of a custom attribute, and how many a workspace defines. */
export const CONTACT_ATTRIBUTE_LIMITS = { valueMax: 500, labelMax: 60, keyMax: 40, count: 30 };

export const contactAttributeTypeSchema = z.enum(['text', 'number', 'date', 'boolean']);

/** A custom attribute of the workspace's contacts. */
export const contactAttributeSchema = z
  .object({
    /** Lower case letters, digits and underscores, starting with a letter. */
    key: z
      .string()
      .max(CONTACT_ATTRIBUTE_LIMITS.keyMax)
      .regex(/^[a-z][a-z0-9_]*$/, 'Use lower case letters, digits and _, starting with a letter.'),
    label: z.string().trim().min(1).max(CONTACT_ATTRIBUTE_LIMITS.labelMax),
    type: contactAttributeTypeSchema,
  })
  .strict()
  .openapi('ContactAttribute');

export const contactAttributesSchema = z
  .object({
    attributes: z
      .array(contactAttributeSchema)
      .max(CONTACT_ATTRIBUTE_LIMITS.count)
      .refine((list) => new Set(list.map((a) => a.key)).size === list.length, {
        message: 'Each attribute key must be different.',
      }),
  })
  .strict()
  .openapi('ContactAttributes');

/** A contact's values by attribute key: text, number, date (YYYY-MM-DD) or boolean. */
const attributeValuesSchema = z.record(
  z.string().max(CONTACT_ATTRIBUTE_LIMITS.keyMax),
  z.union([z.string().max(CONTACT_ATTRIBUTE_LIMITS.valueMax), z.number(), z.boolean()]),
);

/** Values to set by key (null clears one); checked against the workspace's attributes. */
const attributeValuesInputSchema = z
  .record(
    z.string().max(CONTACT_ATTRIBUTE_LIMITS.keyMax),
    z
      .union([z.string().max(CONTACT_ATTRIBUTE_LIMITS.valueMax), z.number(), z.boolean()])
      .nullable(),
  )
  .refine((r) => Object.keys(r).length <= CONTACT_ATTRIBUTE_LIMITS.count, {
    message: 'Too many attributes.',
  });

export const contactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The name to show: the phone number when the name starts with the visitor prefix. */
    displayName: z.string(),
    isVisitor: z.boolean(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    avatarURL: z.string().nullable(),
    company: z.string().nullable(),
    /** Every phone of the contact, the primary (`phone`) first, then those merged into it. */
    phones: z.array(z.string()),
    /** Every email of the contact, the primary (`email`) first, then those merged into it. */
    emails: z.array(z.string()),
    /** Custom attribute values by key. */
    attributes: attributeValuesSchema,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .openapi('Contact');

export const contactListQuerySchema = z.object({
  /** Text search over name, phone, email and company. */
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const contactListResponseSchema = z
  .object({ contacts: z.array(contactSchema), page: pageInfoSchema })
  .openapi('ContactList');

export const contactCreateSchema = z
  .object({
    /** Without a name, a contact with a phone is named with the visitor prefix. */
    name: z.string().trim().min(1).max(120).optional(),
    phone: e164.optional(),
    email: z.string().max(254, { abort: true }).pipe(z.email()).optional(),
    company: z.string().trim().max(120).optional(),
    attributes: attributeValuesInputSchema.optional(),
  })
  .strict()
  .refine((c) => c.name || c.phone || c.email, { message: 'Give a name, a phone or an email.' })
  .openapi('ContactCreate');

export const contactPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    phone: e164.nullable().optional(),
    email: z.string().max(254, { abort: true }).pipe(z.email()).nullable().optional(),
    company: z.string().trim().max(120).nullable().optional(),
    attributes: attributeValuesInputSchema.optional(),
  })
  .strict()
  .openapi('ContactPatch');

export const contactCallSchema = z
  .object({
    idCommunication: z.string(),
    communicationType: z.enum(['inbound', 'outbound', 'transfer']),
    answered: z.boolean(),
    createdAt: isoDateTime,
    idConversation: z.string().nullable(),
    idPart: z.string().nullable(),
    recordingUrl: z.string().nullable(),
  })
  .openapi('ContactCall');

export const contactResponseSchema = z.object({ contact: contactSchema });

export const contactProfileResponseSchema = z
  .object({
    contact: contactSchema,
    /** The contact's conversations the caller can see, newest activity first (up to 20). */
    conversations: z.array(conversationSchema),
    /** The contact's latest calls (up to 20). */
    calls: z.array(contactCallSchema),
    stats: z.object({ conversations: z.number(), calls: z.number() }),
    /** The channels the contact's number is opted out of (they sent STOP), newest first. */
    optOuts: z.array(
      z.object({
        channel: z.enum(['sms', 'whatsapp']),
        /** The keyword they sent (STOP, UNSUBSCRIBE, …). */
        keyword: z.string(),
        at: isoDateTime,
      }),
    ),
  })
  .openapi('ContactProfile');

export const contactMergeSchema = z
  .object({
    /** The contact merged into the one of the path, then removed. */
    otherId: z.string().min(1).max(200),
  })
  .strict()
  .openapi('ContactMerge');

export const contactDuplicateSchema = z
  .object({
    contact: contactSchema,
    /** What the two contacts share: a phone (E.164) or an email (lower case). */
    matched: z.object({ field: z.enum(['phone', 'email']), value: z.string() }),
    /** The duplicate's conversations (for choosing which contact survives a merge). */
    conversationCount: z.number(),
  })
  .openapi('ContactDuplicate');

export const contactDuplicatesResponseSchema = z
  .object({ duplicates: z.array(contactDuplicateSchema) })
  .openapi('ContactDuplicates');

export type ApiContact = z.infer<typeof contactSchema>;
export type ContactCreate = z.infer<typeof contactCreateSchema>;
export type ContactPatch = z.infer<typeof contactPatchSchema>;
export type ContactProfile = z.infer<typeof contactProfileResponseSchema>;
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;
export type ContactCall = z.infer<typeof contactCallSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;
export type ContactMerge = z.infer<typeof contactMergeSchema>;
export type ContactDuplicate = z.infer<typeof contactDuplicateSchema>;
export type ContactAttribute = z.infer<typeof contactAttributeSchema>;
export type ContactAttributes = z.infer<typeof contactAttributesSchema>;
