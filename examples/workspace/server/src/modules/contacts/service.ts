// Contact rules: one contact per phone number in a workspace, visitor-prefixed names for
// numbers not yet known, the profile (conversations the caller can see, latest calls).
import type {
  ApiContact,
  ContactCreate,
  ContactPatch,
  ContactProfile,
} from '../../contract/contacts';
import type { Contact } from '../../db/schema';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { conflict, notFound, type ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import { decodeNameCursor, encodeNameCursor } from '../../lib/paging';
import { displayName, isVisitorName, recordingUrl, visitorName } from '../../lib/links';
import { hasMedia, InboxService } from '../inbox/service';
import { ContactRepository } from './repository';

/** A contact as the API answers it; `country`: the workspace's default country (display name). */
export function contactJson(c: Contact, country: string | null): ApiContact {
  return {
    id: c.id,
    name: c.name,
    displayName: displayName(c.name, c.phone, country),
    isVisitor: isVisitorName(c.name),
    phone: c.phone,
    email: c.email,
    avatarURL: c.avatar_url,
    company: c.company,
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
    await this.get(access, id);
    if (patch.phone) {
      const other = await this.repo.findByPhone(ws, patch.phone);
      if (other && other.id !== id) throw phoneTaken();
    }
    try {
      const row = await this.services.db.transaction().execute(async (trx) => {
        const updated = await this.repo.update(trx, ws, id, patch);
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

function phoneTaken(): ApiError {
  return conflict('phone_taken', 'Another contact already has this phone number.');
}
