import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { Button, Field, Input, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { call, http } from '../../../api/http';
import { salesforceQuery, saveSalesforce, settingsKeys } from '../api/settings-api';
import type { SalesforceIntegration } from '../api/types';
import { FORM_MESSAGES } from '../messages';
import { SALESFORCE_COPY } from '../salesforce-messages';
import { applyServerIssues, Checkbox, QueryStates, SettingsCard, SwitchField } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { IntegrationPage, IntegrationRunStatus, StoredSecret } from './integration-form';
import { errorText } from '../../../lib/error-text';

// Here rather than in settings-api: that module is shared with the inbox route's chunk.
/** "Sync now": one Salesforce contact sync; its counts and the integration's status after it. */
export const syncSalesforce = (slug: string) =>
  call(
    http.POST('/ws/{slug}/settings/integrations/salesforce/sync', {
      params: { path: { slug } },
    }),
  );

interface SalesforceForm {
  enabled: boolean;
  instanceUrl: string;
  clientId: string;
  clientSecret: string;
  syncContacts: boolean;
  logCalls: boolean;
}

const SALESFORCE_URL =
  /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.(my\.salesforce\.com|salesforce\.com)\/?$/i;

const formOf = (s: SalesforceIntegration): SalesforceForm => ({
  enabled: s.enabled,
  instanceUrl: s.config?.instanceUrl ?? '',
  clientId: s.config?.clientId ?? '',
  clientSecret: '',
  syncContacts: s.config?.syncContacts ?? true,
  logCalls: s.config?.logCalls ?? true,
});

/** settings/integrations/salesforce (admin). The client secret is write-only: shown masked. */
export function SalesforcePage() {
  const session = useSession();
  const query = useQuery(salesforceQuery(session.slug));
  return (
    <IntegrationPage
      title="Salesforce"
      subtitle={SALESFORCE_COPY.subtitle}
      testId="settings-salesforce"
    >
      <QueryStates query={query} label="Salesforce settings" rows={3}>
        {() => (query.data ? <SalesforceForm current={query.data} /> : null)}
      </QueryStates>
    </IntegrationPage>
  );
}

function SalesforceForm({ current }: { readonly current: SalesforceIntegration }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<SalesforceForm>({
    values: formOf(current),
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (v: SalesforceForm) =>
      saveSalesforce(session.slug, {
        enabled: v.enabled,
        config: {
          instanceUrl: v.instanceUrl.trim(),
          clientId: v.clientId.trim(),
          syncContacts: v.syncContacts,
          logCalls: v.logCalls,
        },
        ...(v.clientSecret.trim() ? { clientSecret: v.clientSecret.trim() } : {}),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.salesforce(session.slug), saved);
      reset(formOf(saved));
      toast({
        tone: 'success',
        title: 'Salesforce saved',
        description: saved.enabled ? 'The integration is on.' : 'The integration is off.',
      });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.integrations(session.slug) });
    },
    onError: (error) => {
      const placed = applyServerIssues(error, setError, {
        clientSecret: 'clientSecret',
        'config.instanceUrl': 'instanceUrl',
        'config.clientId': 'clientId',
      });
      toast({
        tone: 'danger',
        title: 'Salesforce was not saved',
        description: placed ? 'Check the highlighted fields.' : errorText(error),
      });
    },
  });
  const sync = useMutation({
    mutationFn: () => syncSalesforce(session.slug),
    onSuccess: async (result) => {
      queryClient.setQueryData(settingsKeys.salesforce(session.slug), {
        ...current,
        status: result.status,
      });
      toast(
        result.ok
          ? {
              tone: 'success',
              title: SALESFORCE_COPY.syncDone,
              description: SALESFORCE_COPY.syncOk(result),
            }
          : {
              tone: 'danger',
              title: SALESFORCE_COPY.syncFailed,
              description: result.status.lastError?.message ?? '',
            },
      );
      await queryClient.invalidateQueries({ queryKey: settingsKeys.integrations(session.slug) });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: SALESFORCE_COPY.syncFailed, description: errorText(error) }),
  });
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      data-testid="salesforce-form"
    >
      <SalesforceConnectionSection
        current={current}
        control={control}
        register={register}
        errors={formState.errors}
      />
      <SettingsCard title="Sync">
        <div className="settings-card__body">
          <IntegrationRunStatus
            status={current.status}
            successLabel={SALESFORCE_COPY.lastSync}
            testId="salesforce-run-status"
          />
          <div>
            <Button
              type="button"
              loading={sync.isPending}
              disabled={!current.enabled || !current.config?.syncContacts || formState.isDirty}
              onClick={() => sync.mutate()}
              data-testid="salesforce-sync-now"
            >
              {SALESFORCE_COPY.syncNow}
            </Button>
          </div>
        </div>
      </SettingsCard>
      <SettingsCard title="What to sync">
        <div className="settings-card__body settings-checks">
          <Checkbox
            label="Sync contacts"
            description={SALESFORCE_COPY.syncContacts}
            {...register('syncContacts')}
          />
          <Checkbox
            label="Log calls"
            description={SALESFORCE_COPY.logCalls}
            {...register('logCalls')}
          />
        </div>
      </SettingsCard>
      <SettingsFormFooter
        label="Save Salesforce"
        saving={save.isPending}
        disabled={!formState.isDirty}
        sticky
        data-testid="salesforce-save"
      />
    </form>
  );
}

/** The Connection card: on or off, the My Domain URL and the connected app's key and secret. */
function SalesforceConnectionSection({
  current,
  control,
  register,
  errors,
}: {
  readonly current: SalesforceIntegration;
  readonly control: Control<SalesforceForm>;
  readonly register: UseFormRegister<SalesforceForm>;
  readonly errors: FieldErrors<SalesforceForm>;
}) {
  const enabled = useWatch({ control, name: 'enabled' });
  return (
    <SettingsCard
      title="Connection"
      description="From the connected app you created in Salesforce Setup."
    >
      <div className="settings-card__body settings-form__grid">
        <SwitchField
          control={control}
          name="enabled"
          label="Salesforce is on"
          description={SALESFORCE_COPY.enabled}
          data-testid="salesforce-enabled"
        />
        <Field
          label="My Domain URL"
          hint="e.g. https://acme.my.salesforce.com"
          error={errors.instanceUrl?.message}
        >
          {(c) => (
            <Input
              {...c}
              type="url"
              inputMode="url"
              autoComplete="off"
              {...register('instanceUrl', {
                validate: (v) =>
                  v.trim() === ''
                    ? FORM_MESSAGES.required
                    : SALESFORCE_URL.test(v.trim()) || FORM_MESSAGES.salesforceUrl,
              })}
              data-testid="salesforce-url"
            />
          )}
        </Field>
        <Field label="Consumer key" error={errors.clientId?.message}>
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              spellCheck={false}
              {...register('clientId', {
                validate: (v) =>
                  v.trim().length >= 10
                    ? true
                    : v.trim()
                      ? 'At least 10 characters'
                      : FORM_MESSAGES.required,
                maxLength: { value: 256, message: FORM_MESSAGES.tooLong(256) },
              })}
              data-testid="salesforce-client-id"
            />
          )}
        </Field>
        <Field
          label="Consumer secret"
          hint={<StoredSecret secret={current.clientSecret} testId="salesforce-secret-stored" />}
          error={errors.clientSecret?.message}
        >
          {(c) => (
            <Input
              {...c}
              type="password"
              autoComplete="new-password"
              placeholder={current.clientSecret.set ? 'Leave blank to keep the stored secret' : ''}
              {...register('clientSecret', {
                validate: (v) => {
                  const t = v.trim();
                  if (t && t.length < 8) return 'At least 8 characters';
                  if (!t && enabled && !current.clientSecret.set)
                    return FORM_MESSAGES.secretToEnable;
                  return true;
                },
                deps: ['enabled'],
              })}
              data-testid="salesforce-secret"
            />
          )}
        </Field>
      </div>
    </SettingsCard>
  );
}
