// The state and the save of the contact dialog: the form's values from a contact (or empty for a
// new one), the create or update request, and what follows it (the lists refreshed, a new contact's
// profile opened).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import { useForm, type FormState, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { formatPhone, toE164 } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { applyServerIssues } from '../../settings/components/controls';
import { toast } from '../../../ui';
import { contactAttributesQuery, createContact, updateContact } from '../api/contacts-api';
import type { Contact, ContactAttribute, ContactCreate, ContactPatch } from '../api/types';
import { CONTACT_COPY as M } from '../messages';
import { errorText } from '../../../lib/error-text';

export interface ContactForm {
  name: string;
  phone: string;
  email: string;
  company: string;
  /** Custom attribute inputs by key: text for text, number and date; checked for yes/no. */
  attributes: Record<string, string | boolean>;
}

type AttributeValue = string | number | boolean | null;

/** The attribute values to send from the form's inputs (an empty input clears the value). */
function attributeValues(
  definitions: readonly ContactAttribute[],
  inputs: ContactForm['attributes'],
): Record<string, AttributeValue> {
  const values: Record<string, AttributeValue> = {};
  for (const { key, type } of definitions) {
    const input = inputs[key];
    if (type === 'boolean') values[key] = input === true;
    else {
      const text = typeof input === 'string' ? input.trim() : '';
      values[key] = text === '' ? null : type === 'number' ? Number(text) : text;
    }
  }
  return values;
}

/** What the contact dialog renders from: its fields' state and the save. */
export interface ContactFormControl {
  /** The workspace's default country, for numbers written without their country code. */
  readonly country: string | null;
  /** The custom attributes defined in the workspace, each with its input. */
  readonly definitions: readonly ContactAttribute[];
  readonly register: UseFormRegister<ContactForm>;
  readonly formState: FormState<ContactForm>;
  readonly saving: boolean;
  readonly submit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/** The contact dialog's form: its fields, the attributes defined in the workspace, and the save. */
export function useContactForm(contact: Contact | null, onClose: () => void): ContactFormControl {
  const session = useSession();
  const country = session.workspace.defaultCountry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const definitions = useQuery(contactAttributesQuery(session.slug)).data ?? [];
  const { register, handleSubmit, setError, formState } = useForm<ContactForm>({
    defaultValues: {
      name: contact && !contact.isVisitor ? contact.name : '',
      phone: contact?.phone ? formatPhone(contact.phone, country) : '',
      email: contact?.email ?? '',
      company: contact?.company ?? '',
      attributes: Object.fromEntries(
        Object.entries(contact?.attributes ?? {}).map(([k, v]) => [
          k,
          typeof v === 'boolean' ? v : String(v),
        ]),
      ),
    },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (v: ContactForm) => {
      const phone = v.phone.trim() ? toE164(v.phone, country) : null;
      const email = v.email.trim() || null;
      const company = v.company.trim() || null;
      const name = v.name.trim();
      const attributes = attributeValues(definitions, v.attributes);
      if (contact) {
        const patch: ContactPatch = {
          phone,
          email,
          company,
          ...(name ? { name } : {}),
          ...(definitions.length ? { attributes } : {}),
        };
        return updateContact(session.slug, contact.id, patch);
      }
      const input: ContactCreate = {
        ...(name ? { name } : {}),
        ...(phone ? { phone } : {}),
        ...(email ? { email } : {}),
        ...(company ? { company } : {}),
        ...(definitions.length
          ? {
              attributes: Object.fromEntries(
                Object.entries(attributes).filter(([, value]) => value !== null && value !== false),
              ),
            }
          : {}),
      };
      return createContact(session.slug, input);
    },
    onSuccess: async (saved) => {
      toast({
        tone: 'success',
        title: contact ? M.saved : M.created,
        description: saved.displayName,
      });
      await queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'contacts'] });
      if (contact) {
        await queryClient.invalidateQueries({
          queryKey: ['ws', session.slug, 'contact', saved.id],
        });
        onClose();
      } else {
        onClose();
        void navigate(paths.contactProfile(session.slug, saved.id));
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'phone_taken')
        setError('phone', { type: 'server', message: error.message });
      else if (!applyServerIssues(error, setError, ['name', 'phone', 'email', 'company']))
        toast({ tone: 'danger', title: M.notSaved, description: errorText(error) });
    },
  });
  const submit = handleSubmit((v) => {
    if (!v.name.trim() && !v.phone.trim() && !v.email.trim()) {
      setError('name', { type: 'validate', message: M.needIdentity });
      return;
    }
    save.mutate(v);
  });
  return { country, definitions, register, formState, saving: save.isPending, submit };
}
