import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SCREEN_POP_MODES, type ScreenPopMode } from '../../../../server/src/contract/preferences';
import { Field, Page, Select, toast } from '../../../ui';
import { savePreferences, sessionQuery } from '../../session/api/session-api';
import { useSession } from '../../session/hooks/use-session';
import { SettingsCard } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { errorText } from '../../../lib/error-text';

/** What each screen-pop mode does, as the member chooses it. */
const SCREEN_POP_LABELS: Record<ScreenPopMode, string> = {
  open: "Open the caller's conversation",
  offer: 'Offer it in a notice with an Open button',
  off: 'Do nothing',
};

const OPTIONS = SCREEN_POP_MODES.map((value) => ({ value, label: SCREEN_POP_LABELS[value] }));

/** settings/preferences: the member's own preferences in this workspace (every member). */
export function PreferencesPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const saved = session.profile.screenPop;
  const [screenPop, setScreenPop] = useState<ScreenPopMode>(saved);
  const save = useMutation({
    mutationFn: () => savePreferences(session.slug, { screenPop }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQuery(session.slug).queryKey });
      toast({ tone: 'success', title: 'Preferences saved' });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'Not saved', description: errorText(error) }),
  });
  const voice = session.app.planVoice;
  return (
    <Page
      title="Your preferences"
      subtitle="Yours only: other members of the workspace choose their own."
      data-testid="settings-preferences"
    >
      <SettingsCard
        title="When a call rings"
        description={
          voice
            ? 'On a computer, what the workspace does when a call rings for you: the conversation opens with the caller’s contact and past conversations beside it (started if the caller has none). On a phone nothing opens by itself.'
            : 'Calls are not part of this workspace’s plan, so nothing rings here.'
        }
      >
        <form
          className="settings-card__body settings-form__grid"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
          data-testid="preferences-form"
        >
          <Field label="A ringing call">
            {(c) => (
              <Select
                id={c.id}
                label="A ringing call"
                value={screenPop}
                onValueChange={setScreenPop}
                options={OPTIONS}
                disabled={!voice}
                data-testid="preferences-screen-pop"
              />
            )}
          </Field>
          <SettingsFormFooter
            label="Save"
            saving={save.isPending}
            disabled={!voice || screenPop === saved}
            data-testid="preferences-save"
          />
        </form>
      </SettingsCard>
    </Page>
  );
}
