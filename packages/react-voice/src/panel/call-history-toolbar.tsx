/**
 * The call history's toolbar: the search box (Escape clears it), the type dropdown (All, Missed,
 * Inbound, Outbound, Transferred) and, when the API has it, the CSV download of the history.
 */
import { Download } from 'lucide-react';
import type { ReactElement } from 'react';
import type { HistorySearchType } from '../api/contract';
import { saveBlob } from '../api/downloads';
import { useVoiceMessages } from '../i18n/context';
import type { VoiceUiMessageKey } from '../i18n/catalogue';
import { useVoiceController } from '../react/context';
import type { UseCallHistoryResult } from '../react/list-hooks';
import { IconButton } from '../ui/icon-button';
import { VoiceSearchInput } from '../ui/search-input';
import { VoiceSelect } from '../ui/select';

/** The type dropdown's choices, in the spec's order. */
const SEARCH_TYPES: readonly { value: HistorySearchType; label: VoiceUiMessageKey }[] = [
  { value: 'all', label: 'historyTypeAll' },
  { value: 'missed', label: 'historyTypeMissed' },
  { value: 'inbound', label: 'historyTypeInbound' },
  { value: 'outbound', label: 'historyTypeOutbound' },
  { value: 'transferred', label: 'historyTypeTransferred' },
];

/** The call history's toolbar: the search box, the type dropdown and, when the API has it, the CSV download. */
export function CallHistoryToolbar(props: {
  readonly history: UseCallHistoryResult;
  readonly onNotify: (message: unknown) => void;
}): ReactElement {
  const { history, onNotify: notify } = props;
  const { t } = useVoiceMessages();
  const controller = useVoiceController();
  return (
    <div className="xv-panel-toolbar">
      <VoiceSearchInput
        className="xv-panel-toolbar__search"
        value={history.searchText}
        onValueChange={(text) =>
          text === '' ? history.clearSearch() : history.setSearchText(text)
        }
        placeholder={t('search')}
        label={t('historySearchLabel')}
      />
      <VoiceSelect
        className="xv-panel-toolbar__select"
        aria-label={t('historyType')}
        value={history.searchType}
        onChange={(e) => {
          const type = SEARCH_TYPES.find((s) => s.value === e.target.value);
          if (type) history.setSearchType(type.value);
        }}
      >
        {SEARCH_TYPES.map((s) => (
          <option key={s.value} value={s.value}>
            {t(s.label)}
          </option>
        ))}
      </VoiceSelect>
      {controller.api.getHistoryCsv && (
        <IconButton
          label={t('historyDownloadCsv')}
          icon={<Download size={16} aria-hidden="true" />}
          onClick={() => {
            controller.api
              .getHistoryCsv?.({
                searchType: history.searchType,
                searchText: history.searchText.trim(),
              })
              .then(
                (blob) => saveBlob(blob, `voice_call_history-${Date.now()}.csv`),
                () => notify('historyDownloadFailed'),
              );
          }}
          data-testid="voice-history-download"
        />
      )}
    </div>
  );
}
