import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Badge, EmptyState, Field, Input, Page, Select, toast } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { csatQuery, saveCsat, settingsKeys } from '../api/settings-api';
import type { Csat, CsatSettings } from '../api/types';
import { CSAT_COPY, FORM_MESSAGES } from '../messages';
import { applyServerIssues, QueryStates, SettingsCard, SwitchField } from './controls';
import { SettingsFormFooter } from './settings-form-footer';
import { errorText } from '../../../lib/error-text';

const SCALES = [
  { value: '3', label: '1 to 3' },
  { value: '5', label: '1 to 5' },
  { value: '10', label: '1 to 10' },
] as const;

/** settings/customer-satisfaction: the survey sent after a conversation closes, and its results (admin). */
export function CustomerSatisfactionPage() {
  const session = useSession();
  const query = useQuery(csatQuery(session.slug));
  return (
    <Page
      title="Customer satisfaction"
      subtitle="A one-question survey sent when a conversation is closed, and what customers answered."
      data-testid="settings-csat"
    >
      <QueryStates query={query} label="survey" rows={3}>
        {() =>
          query.data ? (
            <div className="settings-columns">
              <SurveyForm csat={query.data} />
              <Results csat={query.data} />
            </div>
          ) : null
        }
      </QueryStates>
    </Page>
  );
}

interface SurveyForm {
  enabled: boolean;
  question: string;
  scale: '3' | '5' | '10';
}

const formOf = (s: CsatSettings): SurveyForm => ({
  enabled: s.enabled,
  question: s.question,
  scale: String(s.scale) as SurveyForm['scale'],
});

function SurveyForm({ csat }: { readonly csat: Csat }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<SurveyForm>({
    values: formOf(csat.settings),
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (v: SurveyForm) =>
      saveCsat(session.slug, {
        enabled: v.enabled,
        question: v.question.trim(),
        scale: Number(v.scale) as CsatSettings['scale'],
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.csat(session.slug), saved);
      reset(formOf(saved.settings));
      toast({
        tone: 'success',
        title: 'Survey saved',
        description: saved.settings.enabled ? 'Customers get the survey.' : 'The survey is off.',
      });
    },
    onError: (error) => {
      if (!applyServerIssues(error, setError, ['enabled', 'question', 'scale']))
        toast({ tone: 'danger', title: 'The survey was not saved', description: errorText(error) });
    },
  });
  return (
    <SettingsCard title="Survey" description="Asked once per closed conversation.">
      <form
        className="settings-card__body settings-form__grid"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
        data-testid="csat-form"
      >
        <SwitchField
          control={control}
          name="enabled"
          label="Send the survey"
          description="When off, no survey is sent; past results stay."
          data-testid="csat-enabled"
        />
        <Field label="Question" error={formState.errors.question?.message}>
          {(c) => (
            <Input
              {...c}
              {...register('question', {
                validate: (v) => v.trim().length > 0 || FORM_MESSAGES.required,
                maxLength: { value: 200, message: FORM_MESSAGES.tooLong(200) },
              })}
              data-testid="csat-question"
            />
          )}
        </Field>
        <Field label="Scale" hint="Changing the scale starts a new summary.">
          {(c) => (
            <Controller
              control={control}
              name="scale"
              render={({ field }) => (
                <Select
                  id={c.id}
                  label="Scale"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={SCALES}
                  data-testid="csat-scale"
                />
              )}
            />
          )}
        </Field>
        <SettingsFormFooter
          label="Save survey"
          saving={save.isPending}
          disabled={!formState.isDirty}
          data-testid="csat-save"
        />
      </form>
    </SettingsCard>
  );
}

function Results({ csat }: { readonly csat: Csat }) {
  const { summary, settings } = csat;
  const max = Math.max(1, ...summary.distribution.map((d) => d.count));
  return (
    <SettingsCard
      title="Results"
      description="The last 30 days, on the current scale."
      data-testid="csat-results"
    >
      <div className="settings-card__body settings-csat-surveys">
        <dl className="settings-stats" data-testid="csat-surveys">
          <div>
            <dt>{CSAT_COPY.surveysSent}</dt>
            <dd data-testid="csat-surveys-sent">{summary.surveysSent.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>{CSAT_COPY.responseRate}</dt>
            <dd data-testid="csat-response-rate">
              {summary.responseRate === null
                ? CSAT_COPY.noSurveysSent
                : `${Math.round(summary.responseRate * 100)}%`}
            </dd>
          </div>
        </dl>
      </div>
      {summary.responses === 0 ? (
        <EmptyState
          title="No answers yet"
          body="Results appear here as customers answer the survey."
        />
      ) : (
        <div className="settings-card__body settings-form__grid">
          {summary.demoResponses > 0 ? (
            <p className="settings-demo-notice" role="note" data-testid="csat-demo-notice">
              {CSAT_COPY.demoNotice(summary.demoResponses, summary.responses)}
            </p>
          ) : null}
          <dl className="settings-stats">
            <div>
              <dt>Answers</dt>
              <dd data-testid="csat-responses">{summary.responses.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Average</dt>
              <dd data-testid="csat-average">
                {summary.average?.toFixed(1)}{' '}
                <span className="settings-muted">/ {settings.scale}</span>
              </dd>
            </div>
            <div>
              <dt>Satisfied</dt>
              <dd>
                <Badge tone="success">{Math.round((summary.satisfiedShare ?? 0) * 100)}%</Badge>
              </dd>
            </div>
          </dl>
          <table className="settings-bars" aria-label="Answers per score">
            <thead className="ui-visually-hidden">
              <tr>
                <th scope="col">Score</th>
                <th scope="col">Answers</th>
              </tr>
            </thead>
            <tbody>
              {[...summary.distribution].reverse().map((d) => (
                <tr key={d.score}>
                  <th scope="row" className="settings-bars__score">
                    {d.score}
                  </th>
                  <td className="settings-bars__cell">
                    <span className="settings-bars__track" aria-hidden="true">
                      <span
                        className="settings-bars__bar"
                        style={{ width: `${(d.count / max) * 100}%` }}
                      />
                    </span>
                    <span className="settings-bars__count">{d.count}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsCard>
  );
}
