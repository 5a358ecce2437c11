import { Check } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { AFTER_CALL_WORK_LIMITS } from '../../api/contract';
import type { AfterCallWork } from '../../api/contract';
import type { VoiceApi } from '../../api/client';
import { useVoiceMessages } from '../../i18n/context';
import { useVoiceController } from '../../react/context';
import { VoiceButton } from '../../ui/button';
import { VoiceSelect } from '../../ui/select';

/** What the form needs of the API: both after-call work routes. */
type AfterCallWorkApi = Required<Pick<VoiceApi, 'getDispositions' | 'saveAfterCallWork'>>;

/** Whether an API offers after-call work (a host's own API may not). */
export function offersAfterCallWork(api: VoiceApi): api is VoiceApi & AfterCallWorkApi {
  return typeof api.getDispositions === 'function' && typeof api.saveAfterCallWork === 'function';
}

/** Drafts by call, so that collapsing and expanding the panel keeps what was typed. */
const drafts = new Map<string, { work: AfterCallWork; saved: boolean }>();

/**
 * Saves the after-call work typed for a call when it has unsaved changes (the call panel's
 * Finish); rejects when the save fails, keeping the draft.
 */
export async function saveAfterCallWorkDraft(
  api: VoiceApi,
  idCommunication: string | undefined,
): Promise<void> {
  if (idCommunication === undefined || !offersAfterCallWork(api)) return;
  const draft = drafts.get(idCommunication);
  const work = draft?.work;
  if (draft && !draft.saved && work && (work.disposition !== null || work.notes.trim() !== ''))
    await api.saveAfterCallWork(idCommunication, work);
  drafts.delete(idCommunication);
}

/**
 * The after-call work form of the call panel: a disposition (the workspace's codes) and notes,
 * saved on the call with Save, or by Finish when changed ({@link saveAfterCallWorkDraft}).
 */
export function AfterCallWorkForm(props: {
  readonly idCommunication: string;
}): ReactElement | null {
  const { idCommunication } = props;
  const { t } = useVoiceMessages();
  const controller = useVoiceController();
  const api = controller.api;
  const ids = useId();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [work, setWork] = useState<AfterCallWork>(
    () => drafts.get(idCommunication)?.work ?? { disposition: null, notes: '' },
  );
  const [saved, setSaved] = useState(() => drafts.get(idCommunication)?.saved ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!offersAfterCallWork(api)) return;
    let live = true;
    api.getDispositions().then(
      (list) => live && setCodes(list),
      () => live && setCodes([]),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const save = async (): Promise<void> => {
    if (!offersAfterCallWork(api)) return;
    const current = work;
    setBusy(true);
    setError(null);
    try {
      await api.saveAfterCallWork(idCommunication, current);
      // Typed on meanwhile: what is shown is not what was saved.
      if ((drafts.get(idCommunication)?.work ?? current) === current) {
        drafts.set(idCommunication, { work: current, saved: true });
        setSaved(true);
      }
    } catch {
      setError(t('acwSaveFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (!offersAfterCallWork(api)) return null;

  const change = (next: AfterCallWork): void => {
    setWork(next);
    setSaved(false);
    drafts.set(idCommunication, { work: next, saved: false });
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void save();
  };
  const max = AFTER_CALL_WORK_LIMITS.notesMax;

  return (
    <form
      className="xv-acw"
      aria-labelledby={`${ids}-heading`}
      onSubmit={submit}
      data-testid="voice-acw-form"
    >
      <h3 className="xv-acw__heading" id={`${ids}-heading`}>
        {t('acwHeading')}
      </h3>
      <label className="xv-acw__label" htmlFor={`${ids}-disposition`}>
        {t('acwDisposition')}
      </label>
      <VoiceSelect
        id={`${ids}-disposition`}
        value={work.disposition ?? ''}
        disabled={codes === null}
        onChange={(e) => change({ ...work, disposition: e.target.value || null })}
        data-testid="voice-acw-disposition"
      >
        <option value="">{t('acwNoDisposition')}</option>
        {(codes ?? []).map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </VoiceSelect>
      <label className="xv-acw__label" htmlFor={`${ids}-notes`}>
        {t('acwNotes')}
      </label>
      <textarea
        id={`${ids}-notes`}
        className="xv-acw__notes"
        rows={3}
        maxLength={max}
        value={work.notes}
        onChange={(e) => change({ ...work, notes: e.target.value })}
        aria-describedby={`${ids}-count`}
        data-testid="voice-acw-notes"
      />
      <p className="xv-acw__meta">
        <span id={`${ids}-count`}>
          {t('acwNotesCount', { count: String(work.notes.length), max: String(max) })}
        </span>
        <span role="status" className="xv-acw__saved">
          {saved && (
            <>
              <Check size={14} aria-hidden="true" /> {t('acwSaved')}
            </>
          )}
        </span>
      </p>
      {error && (
        <p className="xv-call__error" role="alert">
          {error}
        </p>
      )}
      <VoiceButton type="submit" block disabled={busy} data-testid="voice-acw-save">
        {t('acwSave')}
      </VoiceButton>
    </form>
  );
}
