import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { Button, Dialog, toast } from '../../../ui';
import { deleteContact } from '../api/contacts-api';
import type { Contact } from '../api/types';
import { CONTACT_COPY as M } from '../messages';
import { errorText } from '../../../lib/error-text';

/**
 * Confirms deleting a contact, saying what happens (personal data erased, conversations kept
 * without it, no undo); on confirm, deletes it and goes back to the contacts list.
 */
export function DeleteContactDialog({
  contact,
  onClose,
}: {
  readonly contact: Contact;
  readonly onClose: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteContact(session.slug, contact.id),
    onSuccess: async () => {
      toast({ tone: 'success', title: M.deleted, description: contact.displayName });
      queryClient.removeQueries({ queryKey: ['ws', session.slug, 'contact', contact.id] });
      await queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'contacts'] });
      onClose();
      void navigate(paths.contacts(session.slug));
    },
    onError: (error) =>
      toast({ tone: 'danger', title: M.notDeleted, description: errorText(error) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={M.deleteTitle(contact.displayName)}
      description={M.deleteDescription}
      width={440}
      data-testid="contact-delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="contact-delete-confirm"
          >
            {M.deleteConfirm}
          </Button>
        </>
      }
    />
  );
}
