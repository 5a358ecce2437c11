import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../session/hooks/use-session';
import { surveyQuery } from '../api/inbox-api';
import type { ConversationSummary } from '../api/types';
import { SURVEY_COPY as T } from '../messages';
import './survey-status.css';

/**
 * One line under a closed conversation's timeline: when its satisfaction survey went out (and
 * how far it got), and the customer's score once they answered. Nothing when none was sent.
 */
export function SurveyStatus({ conversation }: { readonly conversation: ConversationSummary }) {
  const session = useSession();
  const query = useQuery({
    ...surveyQuery(session.slug, conversation.id),
    enabled: conversation.channel !== 'voice',
  });
  const survey = query.data;
  if (!survey) return null;
  const expired =
    survey.score === null && new Date(survey.expiresAt).getTime() <= query.dataUpdatedAt;
  const state =
    survey.score !== null
      ? T.answered(survey.score, survey.scale)
      : expired
        ? T.expired
        : T.waiting;
  return (
    <p
      className="survey-status"
      role="status"
      data-testid="conversation-survey"
      data-answered={survey.score === null ? undefined : ''}
    >
      <Star aria-hidden="true" size={14} />
      <span className="survey-status__label">{T.label}</span>
      <span>
        {T.sent(formatDateTime(survey.sentAt))}
        {survey.delivery && T.delivery[survey.delivery] ? ` (${T.delivery[survey.delivery]})` : ''}
      </span>
      <span className="survey-status__state" data-testid="conversation-survey-state">
        {state}
      </span>
    </p>
  );
}
