import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Field, Input, Page, Select, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  contactAttributesKey,
  contactAttributesQuery,
  saveContactAttributes,
} from '../../contacts/api/contacts-api';
import type { ContactAttribute } from '../../contacts/api/types';
import { ATTRIBUTE_TYPE_LABELS, CONTACT_ATTRIBUTE_COPY as M } from '../../contacts/messages';
import { QueryStates, SettingsCard } from './controls';
import { AddRowForm, RemovableRows } from './editable-list';
import { errorText } from '../../../lib/error-text';

type AttributeType = ContactAttribute['type'];

const TYPE_OPTIONS = (Object.keys(ATTRIBUTE_TYPE_LABELS) as AttributeType[]).map((value) => ({
  value,
  label: ATTRIBUTE_TYPE_LABELS[value],
}));

/** A key from a label: lower case letters, digits and underscores, starting with a letter. */
function keyOf(label: string): string {
  const key = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  return key.slice(0, 40);
}

/**
 * settings/contact-attributes: the custom fields of the workspace's contacts (label, key, type:
 * text, number, date or yes/no), in the order the contact dialog and profile show them (admin).
 */
export function ContactAttributesPage() {
  const session = useSession();
  const query = useQuery(contactAttributesQuery(session.slug));
  return (
    <Page title={M.title} subtitle={M.subtitle} data-testid="settings-contact-attributes">
      <QueryStates query={query} label="contact attributes" rows={3}>
        {() => (query.data ? <AttributesForm saved={query.data} /> : null)}
      </QueryStates>
    </Page>
  );
}

function AttributesForm({ saved }: { readonly saved: readonly ContactAttribute[] }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [list, setList] = useState<ContactAttribute[]>(() => [...saved]);
  const [label, setLabel] = useState('');
  const [type, setType] = useState<AttributeType>('text');
  const [error, setError] = useState<string | undefined>();
  const changed = JSON.stringify(list) !== JSON.stringify(saved);

  const save = useMutation({
    mutationFn: (next: ContactAttribute[]) => saveContactAttributes(session.slug, next),
    onSuccess: (next) => {
      queryClient.setQueryData(contactAttributesKey(session.slug), next);
      setList(next);
      toast({ tone: 'success', title: M.saved });
    },
    onError: (e) => toast({ tone: 'danger', title: M.notSaved, description: errorText(e) }),
  });

  const add = () => {
    const text = label.trim();
    const key = keyOf(text);
    if (!text) return setError(M.needLabel);
    if (text.length > 60) return setError(M.labelTooLong);
    if (!key) return setError(M.needLetters);
    if (list.some((a) => a.key === key)) return setError(M.taken);
    setList([...list, { key, label: text, type }]);
    setLabel('');
    setError(undefined);
  };

  return (
    <SettingsCard title={M.cardTitle} description={M.cardDescription} data-testid="attributes-card">
      <div className="settings-card__body settings-form__grid">
        {list.length === 0 ? (
          <p className="settings-card__description">{M.none}</p>
        ) : (
          <RemovableRows
            label={M.cardTitle}
            items={list}
            rowKey={(a) => a.key}
            rowTestId="attribute-row"
            removeLabel={(a) => `Remove ${a.label}`}
            onRemove={(a) => setList(list.filter((x) => x.key !== a.key))}
          >
            {(a) => (
              <span>
                {a.label} <span className="settings-card__description">({a.key})</span> ·{' '}
                {ATTRIBUTE_TYPE_LABELS[a.type]}
              </span>
            )}
          </RemovableRows>
        )}
        <AddRowForm onAdd={add}>
          <Field label={M.newLabel} error={error}>
            {(c) => (
              <Input
                {...c}
                value={label}
                maxLength={60}
                disabled={list.length >= 30}
                onChange={(e) => setLabel(e.target.value)}
                data-testid="attribute-label"
              />
            )}
          </Field>
          <Select
            label={M.type}
            value={type}
            onValueChange={setType}
            options={TYPE_OPTIONS}
            data-testid="attribute-type"
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={list.length >= 30}
            data-testid="attribute-add"
          >
            <Plus aria-hidden="true" /> {M.add}
          </Button>
        </AddRowForm>
        <div>
          <Button
            variant="primary"
            disabled={!changed || save.isPending}
            onClick={() => save.mutate(list)}
            data-testid="attributes-save"
          >
            {M.save}
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
