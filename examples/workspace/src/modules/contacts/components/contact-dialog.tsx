import { countryName, toE164 } from '../../../lib/phone';
import { FORM_MESSAGES } from '../../settings/messages';
import { Button, Dialog, Field, Input } from '../../../ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Contact, ContactAttribute } from '../api/types';
import { CONTACT_COPY as M, CONTACT_LIMITS } from '../messages';
import { useContactForm, type ContactForm } from './use-contact-form';

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
  const { country, definitions, register, formState, saving, submit } = useContactForm(
    contact,
    onClose,
  );
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
            loading={saving}
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
        <ContactAttributeFields
          definitions={definitions}
          register={register}
          errors={formState.errors}
        />
      </form>
    </Dialog>
  );
}

/** An input per custom attribute: a checkbox for yes/no, else a text, number or date input. */
function ContactAttributeFields({
  definitions,
  register,
  errors,
}: {
  readonly definitions: readonly ContactAttribute[];
  readonly register: UseFormRegister<ContactForm>;
  readonly errors: FieldErrors<ContactForm>;
}) {
  return (
    <>
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
          <Field key={a.key} label={a.label} error={errors.attributes?.[a.key]?.message}>
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
    </>
  );
}
