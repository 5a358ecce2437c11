import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { countryName, formatPhone, toE164 } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { applyServerIssues } from '../../settings/components/controls';
import { FORM_MESSAGES } from '../../settings/messages';
import { Button, Dialog, Field, Input, toast } from '../../../ui';
import { contactAttributesQuery, createContact, updateContact } from '../api/contacts-api';
import type { Contact, ContactAttribute, ContactCreate, ContactPatch } from '../api/types';
import { CONTACT_COPY as M, CONTACT_LIMITS } from '../messages';
import { errorText } from '../../../lib/error-text';

interface ContactForm {
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

/**
 * The phone field's rule: empty, or a number `libphonenumber-js` reads, with its country code or,
 * when the workspace has a default country, without it.
 */
const phoneRule =
  (country: string | null) =>
  (text: string): true | string => {
    const value = text.trim();
    if (value === '') return true;
    if (!country && !value.startsWith('+')) return M.phoneNeedsCountry;
    return toE164(value, country) ? true : FORM_MESSAGES.phoneNotValid;
  };

/**
 * Creates a contact (`contact` null) or edits one: name, phone, email and company. A new contact
 * opens its profile; an edit updates the profile and the lists in place.
 */
export function ContactDialog({
  contact,
  onClose,
}: {
  readonly contact: Contact | null;
  readonly onClose: () => void;
}) {
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
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={contact ? M.editTitle(contact.displayName) : M.newContact}
      description={contact ? M.editDescription : M.newContactDescription}
      width={480}
      data-testid="contact-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button
            type="submit"
            form="contact-form"
            variant="primary"
            loading={save.isPending}
            data-testid="contact-save"
          >
            {contact ? M.save : M.create}
          </Button>
        </>
      }
    >
      <form id="contact-form" className="contact-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label={M.name} error={formState.errors.name?.message}>
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              {...register('name', {
                maxLength: {
                  value: CONTACT_LIMITS.nameMax,
                  message: FORM_MESSAGES.tooLong(CONTACT_LIMITS.nameMax),
                },
              })}
              data-testid="contact-name-input"
            />
          )}
        </Field>
        <Field
          label={M.phone}
          hint={country ? M.phoneHintInCountry(countryName(country)) : M.phoneHint}
          error={formState.errors.phone?.message}
        >
          {(c) => (
            <Input
              {...c}
              type="tel"
              autoComplete="off"
              inputMode="tel"
              {...register('phone', { validate: phoneRule(country) })}
              data-testid="contact-phone-input"
            />
          )}
        </Field>
        <Field label={M.email} error={formState.errors.email?.message}>
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="off"
              {...register('email', {
                maxLength: {
                  value: CONTACT_LIMITS.emailMax,
                  message: FORM_MESSAGES.tooLong(CONTACT_LIMITS.emailMax),
                },
                pattern: {
                  value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
                  message: FORM_MESSAGES.emailNotValid,
                },
              })}
              data-testid="contact-email-input"
            />
          )}
        </Field>
        <Field label={M.company} error={formState.errors.company?.message}>
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              {...register('company', {
                maxLength: {
                  value: CONTACT_LIMITS.companyMax,
                  message: FORM_MESSAGES.tooLong(CONTACT_LIMITS.companyMax),
                },
              })}
              data-testid="contact-company-input"
            />
          )}
        </Field>
        {definitions.map((a) =>
          a.type === 'boolean' ? (
            <label key={a.key} className="contact-form__check">
              <input
                type="checkbox"
                {...register(`attributes.${a.key}`)}
                data-testid={`contact-attribute-${a.key}`}
              />
              {a.label}
            </label>
          ) : (
            <Field
              key={a.key}
              label={a.label}
              error={formState.errors.attributes?.[a.key]?.message}
            >
              {(c) => (
                <Input
                  {...c}
                  type={a.type === 'text' ? 'text' : a.type}
                  autoComplete="off"
                  {...(a.type === 'number' ? { step: 'any' } : {})}
                  {...register(`attributes.${a.key}`, {
                    maxLength: {
                      value: 500,
                      message: FORM_MESSAGES.tooLong(500),
                    },
                  })}
                  data-testid={`contact-attribute-${a.key}`}
                />
              )}
            </Field>
          ),
        )}
      </form>
    </Dialog>
  );
}
