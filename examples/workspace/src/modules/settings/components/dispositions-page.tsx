import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { AFTER_CALL_WORK_LIMITS } from '@x/react-voice/api';
import { Button, Field, Input, Page, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { dispositionsKey, dispositionsQuery, saveDispositions } from '../api/settings-api';
import { QueryStates, SettingsCard } from './controls';
import { AddRowForm, RemovableRows } from './editable-list';
import { errorText } from '../../../lib/error-text';

/**
 * settings/call-dispositions: the disposition codes agents choose from in after-call work, in
 * order (admin). Calls keep the disposition they were saved with.
 */
export function DispositionsPage() {
  const session = useSession();
  const query = useQuery(dispositionsQuery(session.slug));
  return (
    <Page
      title="Call dispositions"
      subtitle="The outcomes agents pick after a call, with their notes. They show in the call history, its CSV and the conversation."
      data-testid="settings-dispositions"
    >
      <QueryStates query={query} label="call dispositions" rows={3}>
        {() => (query.data ? <DispositionsForm saved={query.data} /> : null)}
      </QueryStates>
    </Page>
  );
}

function DispositionsForm({ saved }: { readonly saved: readonly string[] }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[]>(() => [...saved]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const max = AFTER_CALL_WORK_LIMITS.dispositionMax;
  const full = codes.length >= AFTER_CALL_WORK_LIMITS.dispositionsMax;
  const changed = codes.join('\n') !== saved.join('\n');

  const save = useMutation({
    mutationFn: (list: string[]) => saveDispositions(session.slug, list),
    onSuccess: (list) => {
      queryClient.setQueryData(dispositionsKey(session.slug), list);
      setCodes(list);
      toast({ tone: 'success', title: 'Call dispositions saved' });
    },
    onError: (e) =>
      toast({
        tone: 'danger',
        title: 'The dispositions were not saved',
        description: errorText(e),
      }),
  });

  const add = () => {
    const name = draft.trim();
    if (!name) return setError('Enter a name.');
    if (name.length > max) return setError(`At most ${max} characters.`);
    if (codes.some((c) => c.toLocaleLowerCase() === name.toLocaleLowerCase()))
      return setError('Each disposition code must be different.');
    setCodes([...codes, name]);
    setDraft('');
    setError(undefined);
  };

  return (
    <SettingsCard
      title="Dispositions"
      description={`Up to ${AFTER_CALL_WORK_LIMITS.dispositionsMax}, in the order agents see them.`}
      data-testid="dispositions-card"
    >
      <div className="settings-card__body settings-form__grid">
        {codes.length === 0 ? (
          <p className="settings-card__description">
            No dispositions yet: agents can still write notes after a call.
          </p>
        ) : (
          <RemovableRows
            label="Dispositions"
            items={codes}
            rowKey={(code) => code}
            rowTestId="disposition-row"
            removeLabel={(code) => `Remove ${code}`}
            onRemove={(code) => setCodes(codes.filter((c) => c !== code))}
          >
            {(code) => <span>{code}</span>}
          </RemovableRows>
        )}
        <AddRowForm onAdd={add}>
          <Field label="New disposition" error={error}>
            {(c) => (
              <Input
                {...c}
                value={draft}
                maxLength={max}
                disabled={full}
                onChange={(e) => setDraft(e.target.value)}
                data-testid="disposition-new"
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={full} data-testid="disposition-add">
            <Plus aria-hidden="true" /> Add
          </Button>
        </AddRowForm>
        <div>
          <Button
            variant="primary"
            disabled={!changed || save.isPending}
            onClick={() => save.mutate(codes)}
            data-testid="dispositions-save"
          >
            Save
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
