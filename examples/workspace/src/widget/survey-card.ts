// The satisfaction survey's card in the widget: the question and one button per score (one tap
// answers, and a later tap changes the answer until the survey expires). Kept apart from the
// widget's own rendering: the widget calls renderSurveyCard() for a message carrying a survey.
import { SURVEY_TEXT as T } from './messages';

/** A survey as the widget's messages carry it. */
export interface WidgetSurvey {
  readonly id: string;
  readonly question: string;
  readonly scale: number;
  readonly score: number | null;
  readonly expired: boolean;
}

export const SURVEY_CARD_CSS = `
.survey { align-self: stretch; border: 1px solid #e5e7eb; border-radius: 12px; padding: 10px 12px; background: #f9fafb; }
.survey fieldset { border: 0; margin: 0; padding: 0; }
.survey legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
.survey .scores { display: flex; flex-wrap: wrap; gap: 6px; }
.survey .scores button { min-width: 36px; min-height: 36px; border-radius: 8px; border: 2px solid #4f46e5;
  background: #fff; color: #312e81; font-weight: 700; cursor: pointer; }
.survey .scores button[aria-pressed="true"] { background: #4f46e5; color: #fff; }
.survey .ends { display: flex; justify-content: space-between; font-size: 12px; color: #6b7280; margin-top: 4px; }
.survey .status { margin: 8px 0 0; font-size: 13px; }
`;

/**
 * The card of a survey; `answer(score)` posts the score and answers the survey as recorded (or
 * throws, and the card says the answer was not sent).
 */
export function renderSurveyCard(
  survey: WidgetSurvey,
  answer: (score: number) => Promise<WidgetSurvey>,
): HTMLElement {
  const card = document.createElement('div');
  card.className = 'survey';
  card.setAttribute('data-testid', 'webchat-survey');
  const fieldset = document.createElement('fieldset');
  const legend = document.createElement('legend');
  legend.textContent = survey.question;
  fieldset.append(legend);
  const status = document.createElement('p');
  status.className = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('data-testid', 'webchat-survey-status');
  let current = survey.score;
  if (current !== null) status.textContent = T.thanks(current, survey.scale);
  if (survey.expired) {
    if (current === null) status.textContent = T.expired;
    card.append(fieldset, status);
    return card;
  }
  const scores = document.createElement('div');
  scores.className = 'scores';
  const buttons: HTMLButtonElement[] = [];
  for (let n = 1; n <= survey.scale; n++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = String(n);
    button.setAttribute('aria-label', T.scoreLabel(n, survey.scale));
    button.setAttribute('aria-pressed', String(current === n));
    button.setAttribute('data-testid', `webchat-survey-score-${n}`);
    button.addEventListener('click', () => {
      for (const b of buttons) b.disabled = true;
      answer(n)
        .then(
          (recorded) => {
            current = recorded.score;
            for (const b of buttons)
              b.setAttribute('aria-pressed', String(Number(b.textContent) === current));
            status.textContent = current === null ? '' : T.thanks(current, recorded.scale);
          },
          () => {
            status.textContent = T.notSent;
          },
        )
        .finally(() => {
          for (const b of buttons) b.disabled = false;
        });
    });
    buttons.push(button);
    scores.append(button);
  }
  const ends = document.createElement('div');
  ends.className = 'ends';
  ends.setAttribute('aria-hidden', 'true');
  const low = document.createElement('span');
  low.textContent = `1 · ${T.lowest}`;
  const high = document.createElement('span');
  high.textContent = `${survey.scale} · ${T.highest}`;
  ends.append(low, high);
  fieldset.append(scores, ends);
  card.append(fieldset, status);
  return card;
}
