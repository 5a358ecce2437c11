import type { Blocker } from 'react-router';
import { Button, Dialog } from '../../../ui';
import { CAMPAIGN_TEXT } from '../messages';

/** Asks before leaving an editor with unsaved changes; `title` is the spec's question. */
export function LeaveDialog({
  blocker,
  title,
  body,
}: {
  readonly blocker: Blocker;
  readonly title: string;
  readonly body: string;
}) {
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={title}
      description={body}
      data-testid="leave-dialog"
      footer={
        <>
          <Button onClick={() => blocker.reset?.()} data-testid="leave-dialog-stay">
            {CAMPAIGN_TEXT.keepEditing}
          </Button>
          <Button
            variant="danger"
            onClick={() => blocker.proceed?.()}
            data-testid="leave-dialog-leave"
          >
            {CAMPAIGN_TEXT.exitWithoutSaving}
          </Button>
        </>
      }
    />
  );
}
