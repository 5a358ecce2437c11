// Contact rules: one contact per phone number in a workspace, visitor-prefixed names for
// numbers not yet known, the profile (conversations the caller can see, latest calls).
import type {
  ApiContact,
  ContactAttribute,
  ContactCreate,
  ContactDuplicate,
  ContactPatch,
  ContactProfile,
} from '../../contract/contacts';
import type { Contact, ContactAttributeValues } from '../../db/schema';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import { decodeNameCursor, encodeNameCursor } from '../../lib/paging';
import { displayName, isVisitorName, recordingUrl, visitorName } from '../../lib/links';
import { hasMedia } from '../inbox/message-view';
import { InboxService } from '../inbox/service';
import { ContactRepository } from './repository';

/** A contact as the API answers it; `country`: the workspace's default country (display name). */
export function contactJson(c: Contact, country: string | null): ApiContact {
  const attributes = c.attributes as ContactAttributeValues | string | undefined;
  return {
    id: c.id,
    name: c.name,
    displayName: displayName(c.name, c.phone, country),
    isVisitor: isVisitorName(c.name),
    phone: c.phone,
    email: c.email,
    avatarURL: c.avatar_url,
    company: c.company,
    phones: [...(c.phone ? [c.phone] : []), ...c.other_phones],
    emails: [...(c.email ? [c.email] : []), ...c.other_emails],
    // (Some drivers answer jsonb as text.)
    attributes:
      typeof attributes === 'string'
        ? (JSON.parse(attributes) as ContactAttributeValues)
        : (attributes ?? {}),
    createdAt: new Date(c.created_at).toISOString(),
    updatedAt: new Date(c.updated_at).toISOString(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export class ContactService {
  private readonly repo: ContactRepository;
  private readonly inbox: InboxService;

  constructor(private readonly services: Services) {
    this.repo = new ContactRepository(services.db);
    this.inbox = new InboxService(services);
  }

  async list(
    access: WorkspaceAccess,
    q: string | undefined,
    cursor: string | undefined,
    limit: number,
  ) {
    const after = decodeNameCursor(cursor);
    const rows = await this.repo.list(access.workspace.id, q, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      contacts: page.map((c) => contactJson(c, access.workspace.default_country)),
      page: {
        nextCursor: rows.length > limit && last ? encodeNameCursor(last.name, last.id) : null,
      },
    };
  }

  async create(access: WorkspaceAccess, input: ContactCreate): Promise<ApiContact> {
    const ws = access.workspace.id;
    if (input.phone && (await this.repo.findByPhone(ws, input.phone))) throw phoneTaken();
    try {
      const row = await this.repo.insert(this.services.db, {
        id: newId(),
        workspaceId: ws,
        name: input.name ?? (input.phone ? visitorName(input.phone) : input.email!),
        phone: input.phone ?? null,
        email: input.email ?? null,
        company: input.company ?? null,
        attributes: await this.attributeValues(access, {}, input.attributes),
      });
      return contactJson(row, access.workspace.default_country);
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  }

  async get(access: WorkspaceAccess, id: string): Promise<Contact> {
    const row = await this.repo.find(access.workspace.id, id);
    if (!row) throw notFound('Contact');
    return row;
  }

  async update(access: WorkspaceAccess, id: string, patch: ContactPatch): Promise<ApiContact> {
    const ws = access.workspace.id;
    const current = await this.get(access, id);
    const { attributes: attributeInput, ...fields } = patch;
    const attributes = attributeInput
      ? await this.attributeValues(access, contactJson(current, null).attributes, attributeInput)
      : undefined;
    if (patch.phone) {
      const other = await this.repo.findByPhone(ws, patch.phone);
      if (other && other.id !== id) throw phoneTaken();
    }
    try {
      const row = await this.services.db.transaction().execute(async (trx) => {
        const updated = await this.repo.update(trx, ws, id, fields, attributes);
        if (patch.name !== undefined || patch.phone !== undefined)
          await this.repo.refreshCallSearch(trx, ws, id, updated.name, updated.phone);
        return updated;
      });
      return contactJson(row, access.workspace.default_country);
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  }

  /**
   * Deletes a contact (admin permit): its personal data is erased, its conversations stay
   * (shown as the deleted contact, messages kept) and its calls keep their records without the
   * number. A contact already deleted, or of another workspace, is not found.
   */
  async remove(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'admin');
    const erased = await this.services.db
      .transaction()
      .execute((trx) => this.repo.erase(trx, access.workspace.id, id, MESSAGES.deletedContact));
    if (!erased) throw notFound('Contact');
  }

  /** The workspace's custom contact attributes, in order. */
  attributes(access: WorkspaceAccess): Promise<ContactAttribute[]> {
    return this.repo.attributeDefinitions(access.workspace.id);
  }

  /** Replaces the workspace's custom contact attributes (admin permit). */
  async setAttributes(access: WorkspaceAccess, list: ContactAttribute[]) {
    requirePermit(access, 'admin');
    await this.services.db
      .transaction()
      .execute((trx) => this.repo.replaceAttributeDefinitions(trx, access.workspace.id, list));
    return this.attributes(access);
  }

  /**
   * `current` values with `input` applied (null clears a key), each checked against the
   * workspace's attribute of that key and type: an unknown key or a value of another type is a
   * 400 naming the field.
   */
  private async attributeValues(
    access: WorkspaceAccess,
    current: ContactAttributeValues,
    input: Record<string, string | number | boolean | null> | undefined,
  ): Promise<ContactAttributeValues> {
    if (!input || Object.keys(input).length === 0) return current;
    const types = new Map((await this.attributes(access)).map((a) => [a.key, a.type] as const));
    const values = { ...current };
    const issues: { path: string; message: string }[] = [];
    for (const [key, value] of Object.entries(input)) {
      const type = types.get(key);
      const path = `body.attributes.${key}`;
      if (!type) issues.push({ path, message: MESSAGES.attributeUnknown });
      else if (value === null || value === '') delete values[key];
      else if (!fitsType(type, value)) issues.push({ path, message: MESSAGES.attributeType(type) });
      else values[key] = value;
    }
    if (issues.length) throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, issues);
    return values;
  }

  /**
   * Merges contact `otherId` into contact `id` in one transaction: the other's conversations,
   * calls and every row referencing it move to the survivor; phones and emails become the union
   * (the survivor's primary stays primary); the survivor's empty name, company and avatar are
   * filled from the other; the other is removed as a delete removes it. Either contact unknown,
   * deleted or of another workspace: not found; a contact with itself: 400.
   */
  async merge(access: WorkspaceAccess, id: string, otherId: string): Promise<ApiContact> {
    if (id === otherId) throw new ApiError(400, 'invalid_request', MESSAGES.mergeSelf);
    const ws = access.workspace.id;
    const row = await this.services.db.transaction().execute(async (trx) => {
      const locked = await this.repo.lockLive(trx, ws, [id, otherId]);
      const survivor = locked.find((c) => c.id === id);
      const other = locked.find((c) => c.id === otherId);
      if (!survivor || !other) throw notFound('Contact');
      await this.repo.moveReferences(trx, ws, other.id, survivor.id);
      // The other goes first, so that its phone is free to become the survivor's.
      await this.repo.erase(trx, ws, other.id, MESSAGES.deletedContact);
      const phones = unique([
        survivor.phone,
        ...survivor.other_phones,
        other.phone,
        ...other.other_phones,
      ]);
      const emails = unique(
        [survivor.email, ...survivor.other_emails, other.email, ...other.other_emails].map((e) =>
          e?.toLowerCase(),
        ),
      );
      const phone = survivor.phone ?? phones[0] ?? null;
      const email = survivor.email ?? other.email;
      const keepName = !isVisitorName(survivor.name) || isVisitorName(other.name);
      const merged = await this.repo.setMerged(trx, ws, survivor.id, {
        name: keepName ? survivor.name : other.name,
        phone,
        email,
        company: survivor.company ?? other.company,
        avatar_url: survivor.avatar_url ?? other.avatar_url,
        other_phones: phones.filter((p) => p !== phone),
        other_emails: emails.filter((e) => e !== email?.toLowerCase()),
        // The survivor's values win; the other's fill the keys it lacks.
        attributes: {
          ...contactJson(other, null).attributes,
          ...contactJson(survivor, null).attributes,
        },
      });
      await this.repo.refreshCallSearch(trx, ws, merged.id, merged.name, merged.phone);
      return merged;
    });
    return contactJson(row, access.workspace.default_country);
  }

  /**
   * Other live contacts of the workspace sharing a phone (E.164) or an email (case-insensitive)
   * with contact `id`, each with the value matched and its conversation count.
   */
  async duplicates(access: WorkspaceAccess, id: string): Promise<ContactDuplicate[]> {
    const contact = await this.get(access, id);
    const ws = access.workspace.id;
    const phones = unique([contact.phone, ...contact.other_phones]);
    const emails = unique([contact.email, ...contact.other_emails].map((e) => e?.toLowerCase()));
    if (phones.length === 0 && emails.length === 0) return [];
    const rows = await this.repo.sharing(ws, id, phones, emails, 20);
    const counts = await this.repo.conversationCounts(
      ws,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const phone = [r.phone, ...r.other_phones].find((p) => p && phones.includes(p));
      const email = [r.email, ...r.other_emails]
        .map((e) => e?.toLowerCase())
        .find((e) => e && emails.includes(e));
      return {
        contact: contactJson(r, access.workspace.default_country),
        matched: phone ? { field: 'phone', value: phone } : { field: 'email', value: email ?? '' },
        conversationCount: counts.get(r.id) ?? 0,
      };
    });
  }

  async profile(access: WorkspaceAccess, id: string): Promise<ContactProfile> {
    const contact = await this.get(access, id);
    const ws = access.workspace.id;
    const [conversations, calls, callCount, conversationCount, optOuts] = await Promise.all([
      this.inbox.conversationsOfContact(access, id),
      this.repo.calls(ws, id, 20),
      this.repo.callCount(ws, id),
      this.repo.conversationCount(ws, id),
      contact.phone
        ? this.services.db
            .selectFrom('channel_opt_outs')
            .select(['channel', 'keyword', 'opted_out_at'])
            .where('workspace_id', '=', ws)
            .where('address', '=', contact.phone)
            .orderBy('opted_out_at', 'desc')
            .execute()
        : Promise.resolve([]),
    ]);
    return {
      contact: contactJson(contact, access.workspace.default_country),
      conversations,
      calls: calls.map((k) => ({
        idCommunication: k.id_communication,
        communicationType: k.communication_type as 'inbound' | 'outbound' | 'transfer',
        answered: k.answered,
        createdAt: new Date(k.created_at).toISOString(),
        idConversation: k.id_conversation,
        idPart: k.id_part,
        recordingUrl: hasMedia(k.answered, k.ended_at)
          ? recordingUrl(access.workspace.slug, k.id_communication)
          : null,
      })),
      stats: { conversations: conversationCount, calls: callCount },
      optOuts: optOuts.map((o) => ({
        channel: o.channel as 'sms' | 'whatsapp',
        keyword: o.keyword,
        at: new Date(o.opted_out_at).toISOString(),
      })),
    };
  }
}

/** Whether `value` is of the attribute type (a date as YYYY-MM-DD, a real calendar day). */
function fitsType(type: ContactAttribute['type'], value: string | number | boolean): boolean {
  if (type === 'text') return typeof value === 'string';
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'boolean') return typeof value === 'boolean';
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/** The values present, each once, in their first order. */
function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))];
}

function phoneTaken(): ApiError {
  return conflict('phone_taken', 'Another contact already has this phone number.');
}
