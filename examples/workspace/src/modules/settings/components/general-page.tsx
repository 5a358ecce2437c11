import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Field, Page, Select, toast } from '../../../ui';
import { phoneCountries } from '../../../lib/phone';
import { useSession } from '../../session/hooks/use-session';
import { generalSettingsQuery, saveGeneralSettings, settingsKeys } from '../api/settings-api';
import type { GeneralSettings } from '../api/types';
import { QueryStates, SettingsCard } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { errorText } from '../../../lib/error-text';

/** The select's value for "no default country". */
const NO_COUNTRY = 'none';

/** settings/general: the workspace's default country of phone numbers (admin). */
export function GeneralPage() {
  const session = useSession();
  const query = useQuery(generalSettingsQuery(session.slug));
  return (
    <Page
      title="General"
      subtitle="How the workspace reads phone numbers typed without their country code."
      data-testid="settings-general"
    >
      <QueryStates query={query} label="general settings" rows={1}>
        {() => (query.data ? <CountryForm settings={query.data} /> : null)}
      </QueryStates>
    </Page>
  );
}

function CountryForm({ settings }: { readonly settings: GeneralSettings }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(settings.defaultCountry ?? NO_COUNTRY);
  const countries = useMemo(() => phoneCountries(), []);
  const options = useMemo(
    () => [
      { value: NO_COUNTRY, label: 'None: numbers carry their country code' },
      ...countries.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    ],
    [countries],
  );
  const chosen = country === NO_COUNTRY ? null : country;
  const chosenCountry = countries.find((c) => c.code === chosen);
  const save = useMutation({
    mutationFn: () => saveGeneralSettings(session.slug, { defaultCountry: chosen }),
    onSuccess: (saved) => {
      queryClient.setQueryData(generalSettingsQuery(session.slug).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['ws', session.slug, 'session'] });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all(session.slug) });
      toast({ tone: 'success', title: 'Default country saved' });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'Not saved', description: errorText(error) }),
  });
  return (
    <SettingsCard
      title="Phone numbers"
      description="The dialers (the status menu's and a contact's) read numbers typed without their country code in this country."
    >
      <form
        className="settings-card__body settings-form__grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        data-testid="general-form"
      >
        <Field
          label="Default country"
          hint={
            chosenCountry
              ? `A number typed without its country code is dialled with ${chosenCountry.callingCode} (${chosenCountry.name}).`
              : 'Numbers must start with their country code, such as +44 20 7123 4567.'
          }
        >
          {(c) => (
            <Select
              id={c.id}
              label="Default country"
              value={country}
              onValueChange={setCountry}
              options={options}
              data-testid="general-country"
            />
          )}
        </Field>
        <SettingsFormFooter
          label="Save"
          saving={save.isPending}
          disabled={chosen === settings.defaultCountry}
          data-testid="general-save"
        />
      </form>
    </SettingsCard>
  );
}
