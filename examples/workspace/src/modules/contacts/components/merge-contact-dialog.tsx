import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatPhone } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { useDebouncedValue } from '../../inbox/hooks/use-debounced-value';
import { Avatar, Button, Dialog, Input, toast } from '../../../ui';
import { contactQuery, contactsQuery, mergeContacts } from '../api/contacts-api';
import type { Contact } from '../api/types';
import { CONTACT_COPY as M } from '../messages';
import { errorText } from '../../../lib/error-text';

/** One side of the merge: the contact's name, phones, emails, company and conversations. */
function MergeSide({
  contact,
  conversations,
  kept,
  onKeep,
}: {
  readonly contact: Contact;
  readonly conversations: number | undefined;
  readonly kept: boolean;
  readonly onKeep: () => void;
}) {
  const country = useSession().workspace.defaultCountry;
  return (
    <label className="merge__side" data-kept={kept || undefined} data-testid="merge-side">
      <span className="merge__keep">
        <input
          type="radio"
          name="merge-survivor"
          checked={kept}
          onChange={onKeep}
          data-testid={`merge-keep-${contact.id}`}
        />
        {M.keep}
      </span>
      <strong className="merge__name">{contact.displayName}</strong>
      <span>
        {contact.phones.length
          ? contact.phones.map((p) => formatPhone(p, country)).join(', ')
          : M.noPhone}
      </span>
      <span>{contact.emails.length ? contact.emails.join(', ') : M.noEmail}</span>
      {contact.company ? <span>{contact.company}</span> : null}
      {conversations === undefined ? null : <span>{M.conversations(conversations)}</span>}
    </label>
  );
}

/**
 * Merges two contacts: search and pick the other one (or start from a suggested duplicate),
 * choose which survives with both side by side, confirm; then opens the survivor's profile.
 */
export function MergeContactDialog({
  contact,
  conversations,
  preselected,
  onClose,
}: {
  readonly contact: Contact;
  /** The conversation count of `contact`. */
  readonly conversations: number;
  readonly preselected: Contact | null;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [other, setOther] = useState<Contact | null>(preselected);
  const [survivorId, setSurvivorId] = useState(contact.id);
  const candidates = useInfiniteQuery({
    ...contactsQuery(session.slug, search),
    enabled: other === null,
  });
  const otherProfile = useQuery({
    ...contactQuery(session.slug, other?.id ?? ''),
    enabled: other !== null,
  });
  const merge = useMutation({
    mutationFn: (o: Contact) => {
      const removedId = survivorId === contact.id ? o.id : contact.id;
      return mergeContacts(session.slug, survivorId, removedId);
    },
    onSuccess: async (survivor) => {
      toast({ tone: 'success', title: M.merged, description: survivor.displayName });
      await queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'contacts'] });
      await queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'contact'] });
      onClose();
      void navigate(paths.contactProfile(session.slug, survivor.id));
    },
    onError: (error) =>
      toast({ tone: 'danger', title: M.notMerged, description: errorText(error) }),
  });
  const found = (candidates.data?.pages.flatMap((p) => p.contacts) ?? [])
    .filter((c) => c.id !== contact.id)
    .slice(0, 8);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={M.mergeTitle}
      description={M.mergeDescription}
      width={640}
      data-testid="contact-merge-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button
            variant="primary"
            disabled={other === null}
            loading={merge.isPending}
            onClick={() => (other ? merge.mutate(other) : undefined)}
            data-testid="contact-merge-confirm"
          >
            {M.mergeConfirm}
          </Button>
        </>
      }
    >
      {other === null ? (
        <div className="merge__pick">
          <Input
            type="search"
            aria-label={M.mergeSearch}
            placeholder={M.mergeSearch}
            icon={<Search aria-hidden="true" />}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            data-testid="merge-search"
          />
          {candidates.isSuccess && found.length === 0 ? (
            <p className="merge__hint">{M.mergeNoMatch}</p>
          ) : (
            <ul className="merge__results" aria-label={M.mergePick}>
              {found.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="merge__result"
                    onClick={() => setOther(c)}
                    data-testid="merge-candidate"
                  >
                    <Avatar name={c.displayName} src={c.avatarURL} size={28} />
                    <span>
                      <span className="merge__name">{c.displayName}</span>
                      <span className="merge__hint">
                        {[
                          c.phone && formatPhone(c.phone, session.workspace.defaultCountry),
                          c.email,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <fieldset className="merge__sides">
          <legend className="ui-visually-hidden">{M.keep}</legend>
          <MergeSide
            contact={contact}
            conversations={conversations}
            kept={survivorId === contact.id}
            onKeep={() => setSurvivorId(contact.id)}
          />
          <MergeSide
            contact={other}
            conversations={otherProfile.data?.stats.conversations}
            kept={survivorId === other.id}
            onKeep={() => setSurvivorId(other.id)}
          />
        </fieldset>
      )}
    </Dialog>
  );
}
