import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { Button, Field, Input, Textarea, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { googleMeetQuery, saveGoogleMeet, settingsKeys, testGoogleMeet } from '../api/settings-api';
import type { GoogleMeetIntegration } from '../api/types';
import { EMAIL_PATTERN, FORM_MESSAGES, GOOGLE_MEET_COPY } from '../messages';
import { applyServerIssues, Checkbox, QueryStates, SettingsCard, SwitchField } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { IntegrationPage, IntegrationRunStatus, StoredSecret } from './integration-form';
import { errorText } from '../../../lib/error-text';

interface MeetForm {
  enabled: boolean;
  serviceAccountEmail: string;
  delegatedUser: string;
  privateKey: string;
  defaultDurationMinutes: number;
  addLinkToConversations: boolean;
}

const PEM = /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/;

const formOf = (s: GoogleMeetIntegration): MeetForm => ({
  enabled: s.enabled,
  serviceAccountEmail: s.config?.serviceAccountEmail ?? '',
  delegatedUser: s.config?.delegatedUser ?? '',
  privateKey: '',
  defaultDurationMinutes: s.config?.defaultDurationMinutes ?? 30,
  addLinkToConversations: s.config?.addLinkToConversations ?? true,
});

/** settings/integrations/googleMeet (admin). The private key is write-only: shown masked. */
export function GoogleMeetPage() {
  const session = useSession();
  const query = useQuery(googleMeetQuery(session.slug));
  return (
    <IntegrationPage
      title="Google Meet"
      subtitle="Meet links for conversations."
      testId="settings-google-meet"
    >
      <QueryStates query={query} label="Google Meet settings" rows={3}>
        {() => (query.data ? <MeetForm current={query.data} /> : null)}
      </QueryStates>
    </IntegrationPage>
  );
}

function MeetForm({ current }: { readonly current: GoogleMeetIntegration }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<MeetForm>({
    values: formOf(current),
    mode: 'onTouched',
  });
  const test = useMutation({
    mutationFn: () => testGoogleMeet(session.slug),
    onSuccess: async (result) => {
      toast({
        tone: result.ok ? 'success' : 'danger',
        title: result.ok ? GOOGLE_MEET_COPY.testOk : GOOGLE_MEET_COPY.testFailed,
        description: result.message,
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.googleMeet(session.slug) });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: GOOGLE_MEET_COPY.testFailed, description: errorText(error) }),
  });
  const save = useMutation({
    mutationFn: (v: MeetForm) =>
      saveGoogleMeet(session.slug, {
        enabled: v.enabled,
        config: {
          serviceAccountEmail: v.serviceAccountEmail.trim(),
          delegatedUser: v.delegatedUser.trim(),
          defaultDurationMinutes: Number(v.defaultDurationMinutes),
          addLinkToConversations: v.addLinkToConversations,
        },
        ...(v.privateKey.trim() ? { privateKey: v.privateKey.trim() } : {}),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.googleMeet(session.slug), saved);
      reset(formOf(saved));
      toast({
        tone: 'success',
        title: 'Google Meet saved',
        description: saved.enabled ? 'The integration is on.' : 'The integration is off.',
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.integrations(session.slug) });
    },
    onError: (error) => {
      const placed = applyServerIssues(error, setError, {
        privateKey: 'privateKey',
        'config.serviceAccountEmail': 'serviceAccountEmail',
        'config.delegatedUser': 'delegatedUser',
        'config.defaultDurationMinutes': 'defaultDurationMinutes',
      });
      toast({
        tone: 'danger',
        title: 'Google Meet was not saved',
        description: placed ? 'Check the highlighted fields.' : errorText(error),
      });
    },
  });
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      data-testid="google-meet-form"
    >
      <MeetServiceAccountSection
        current={current}
        control={control}
        register={register}
        errors={formState.errors}
      />
      <SettingsCard title="Meetings">
        <div className="settings-card__body settings-form__grid">
          <Field
            label="Default length (minutes)"
            error={formState.errors.defaultDurationMinutes?.message}
          >
            {(c) => (
              <Input
                {...c}
                type="number"
                min={5}
                max={480}
                step={5}
                {...register('defaultDurationMinutes', {
                  valueAsNumber: true,
                  validate: (v) =>
                    (Number.isInteger(v) && v >= 5 && v <= 480) || FORM_MESSAGES.minutes,
                })}
                data-testid="meet-duration"
              />
            )}
          </Field>
          <Checkbox
            label={GOOGLE_MEET_COPY.addLink}
            description={GOOGLE_MEET_COPY.addLinkDescription}
            {...register('addLinkToConversations')}
          />
        </div>
      </SettingsCard>
      <SettingsCard title="Status">
        <div className="settings-card__body">
          <IntegrationRunStatus
            status={current.status}
            successLabel={GOOGLE_MEET_COPY.lastRun}
            testId="meet-run-status"
          />
        </div>
      </SettingsCard>
      <SettingsFormFooter
        label="Save Google Meet"
        saving={save.isPending}
        disabled={!formState.isDirty}
        sticky
        data-testid="meet-save"
      >
        <Button
          type="button"
          loading={test.isPending}
          disabled={!current.privateKey.set || formState.isDirty}
          title={formState.isDirty ? GOOGLE_MEET_COPY.saveFirst : undefined}
          onClick={() => test.mutate()}
          data-testid="meet-test"
        >
          {GOOGLE_MEET_COPY.test}
        </Button>
      </SettingsFormFooter>
    </form>
  );
}

/** The Service account card: on or off, the account, the calendar owner and the private key. */
function MeetServiceAccountSection({
  current,
  control,
  register,
  errors,
}: {
  readonly current: GoogleMeetIntegration;
  readonly control: Control<MeetForm>;
  readonly register: UseFormRegister<MeetForm>;
  readonly errors: FieldErrors<MeetForm>;
}) {
  const enabled = useWatch({ control, name: 'enabled' });
  return (
    <SettingsCard
      title="Service account"
      description="A Google Cloud service account with domain-wide delegation for Calendar."
    >
      <div className="settings-card__body settings-form__grid">
        <SwitchField
          control={control}
          name="enabled"
          label="Google Meet is on"
          description={GOOGLE_MEET_COPY.enabledDescription}
          data-testid="meet-enabled"
        />
        <Field label="Service account email" error={errors.serviceAccountEmail?.message}>
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="off"
              {...register('serviceAccountEmail', {
                validate: (v) => {
                  const t = v.trim();
                  if (!t) return FORM_MESSAGES.required;
                  if (!EMAIL_PATTERN.test(t)) return FORM_MESSAGES.emailNotValid;
                  return t.endsWith('.iam.gserviceaccount.com') || FORM_MESSAGES.serviceAccount;
                },
              })}
              data-testid="meet-service-account"
            />
          )}
        </Field>
        <Field
          label="Calendar owner"
          hint="The Google Workspace user whose calendar hosts the meetings."
          error={errors.delegatedUser?.message}
        >
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="off"
              {...register('delegatedUser', {
                validate: (v) =>
                  v.trim()
                    ? EMAIL_PATTERN.test(v.trim()) || FORM_MESSAGES.emailNotValid
                    : FORM_MESSAGES.required,
              })}
              data-testid="meet-delegated-user"
            />
          )}
        </Field>
        <Field
          label="Private key"
          hint={<StoredSecret secret={current.privateKey} testId="meet-key-stored" />}
          error={errors.privateKey?.message}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={4}
              spellCheck={false}
              autoComplete="off"
              className="settings-mono"
              placeholder={
                current.privateKey.set
                  ? 'Leave blank to keep the stored key'
                  : '-----BEGIN PRIVATE KEY-----'
              }
              {...register('privateKey', {
                validate: (v) => {
                  const t = v.trim();
                  if (t && !PEM.test(t)) return FORM_MESSAGES.privateKey;
                  if (!t && enabled && !current.privateKey.set) return FORM_MESSAGES.secretToEnable;
                  return true;
                },
                deps: ['enabled'],
              })}
              data-testid="meet-private-key"
            />
          )}
        </Field>
      </div>
    </SettingsCard>
  );
}
