/** The transfer action of the transfer modal: transfers, then closes; keeps the refusal to show it. */
import { useState } from 'react';
import { messageOf } from '../../controller/errors';
import type { TransferTarget } from '../../controller/types';
import { useVoiceMessages } from '../../i18n/context';
import type { UseTransferTargetsResult } from '../../react/list-hooks';

/** Transfers, then closes; keeps the refusal to show it. */
export function useTransferAction(
  targets: UseTransferTargetsResult,
  onDone: (target: TransferTarget) => void,
) {
  const { t } = useVoiceMessages();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const select = (target: TransferTarget): void => {
    if (pending) return;
    setPending(target.endpointId);
    setError(null);
    targets.transfer(target).then(
      () => {
        setPending(null);
        onDone(target);
      },
      (e: unknown) => {
        setPending(null);
        setError(t(messageOf(e)));
      },
    );
  };
  return { pending, error, select };
}
