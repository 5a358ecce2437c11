import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import type { VoiceStartProblem } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import type { VoiceText } from '../../i18n/catalogue';
import { useVoiceController } from '../../react/context';
import { VoiceButton } from '../../ui/button';
import { cx } from '../../ui/cx';
import { VoiceDialog } from '../../ui/dialog';

/** Width of the sign-in dialog, px. */
const SIGN_IN_DIALOG_WIDTH = 480;

/**
 * Whether the page and the sign-in URL are different sites (hosts differ). The panel's session
 * cookie is then partitioned by this page (or third-party): a sign-in in a popup, a top-level
 * page of the contact centre's site, is stored where the embedded panel cannot read it, so the
 * sign-in is shown inside this page instead.
 */
function crossSite(url: string, page: Location): boolean {
  try {
    return new URL(url, page.href).hostname !== page.hostname;
  } catch {
    return false;
  }
}

function messageOf(problem: VoiceStartProblem): VoiceText {
  switch (problem.status) {
    case 'signInNeeded':
      // Without word from the panel, a frame the panel's site refused to be embedded in (CSP
      // frame-ancestors: this page is not an approved origin) looks the same: both are named.
      return problem.reason === 'panel'
        ? 'startSignInNeeded'
        : { key: 'startSignInTimeout', params: { origin: window.location.origin } };
    case 'originNotAllowed':
      return { key: 'startOriginNotAllowed', params: { origin: problem.origin } };
    case 'unreachable':
      return { key: 'startUnreachable', params: { url: problem.url } };
    case 'retriesExhausted':
      return { key: 'startRetriesExhausted', params: { url: problem.url } };
  }
}

/**
 * Why the softphone has not started, with the action to take: sign in (a popup, or the sign-in
 * page inside this page when the panel is of another site), or try again (after adding the origin,
 * or when the panel could not be reached or did not start). `data-problem` is the
 * {@link VoiceStartProblem} status.
 */
export function StartProblem(props: {
  readonly problem: VoiceStartProblem;
  readonly className?: string;
}): ReactElement {
  const { problem } = props;
  const controller = useVoiceController();
  const { t } = useVoiceMessages();
  // The sign-in page shown inside this page (its URL), kept while the agent signs in even if the
  // start-up moves on meanwhile (its refreshes running out).
  const [signInUrl, setSignInUrl] = useState<string | null>(null);
  const signIn = (): void => {
    if (problem.status !== 'signInNeeded') return;
    if (crossSite(problem.loginUrl, window.location)) setSignInUrl(problem.loginUrl);
    else controller.signIn();
  };
  return (
    <div
      role="alert"
      className={cx('xv xv-start-problem', props.className)}
      data-testid="voice-start-problem"
      data-problem={problem.status}
    >
      <AlertCircle size={16} aria-hidden="true" className="xv-start-problem__icon" />
      <span className="xv-start-problem__text">{t(messageOf(problem))}</span>
      {problem.status === 'signInNeeded' ? (
        <VoiceButton size="sm" variant="primary" onClick={signIn}>
          {t('startSignIn')}
        </VoiceButton>
      ) : (
        <VoiceButton size="sm" onClick={() => controller.retryStart()}>
          {t('retry')}
        </VoiceButton>
      )}
      {signInUrl !== null && (
        <VoiceDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            setSignInUrl(null);
            // Signed in (or given up): start the panel again now rather than at its next refresh.
            controller.retryStart();
          }}
          title={t('startSignInTitle')}
          width={SIGN_IN_DIALOG_WIDTH}
          testId="voice-sign-in-dialog"
          description={
            <>
              {t('startSignInHint')}{' '}
              <button type="button" className="xv-link-button" onClick={() => controller.signIn()}>
                {t('startSignInWindow')}
              </button>
            </>
          }
        >
          <iframe
            className="xv-start-problem__frame"
            src={signInUrl}
            title={t('startSignInTitle')}
            data-testid="voice-sign-in-frame"
          />
        </VoiceDialog>
      )}
    </div>
  );
}
