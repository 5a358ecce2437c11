/** The transfer call modal: its public props and the choice between the dialog and dropdown variants. */
import type { ReactElement } from 'react';
import type { TransferTarget } from '../../controller/types';
import { TransferDialog } from './transfer-dialog';
import { TransferDropdown } from './transfer-dropdown';

/**
 * The transfer modal's tabs: `agents` and `groups` (the specification's), `quickConnects` (the
 * contact centre's queues and external numbers) and `number` (a number typed by the agent).
 * @public
 */
export type TransferTab = 'agents' | 'groups' | 'quickConnects' | 'number';

/** Props of {@link TransferModal}. @public */
export interface TransferModalProps {
  /** Whether the modal is open (controlled). */
  readonly open: boolean;
  /** Called when the modal asks to open or close (Escape, the close button, after a transfer). */
  readonly onOpenChange: (open: boolean) => void;
  /**
   * `dialog` (default): the 480 px modal with tabs, search and lists. `dropdown`: the mobile
   * variant, one native select of agents and teams shown in place.
   */
  readonly variant?: 'dialog' | 'dropdown';
  /** The tab shown first (default `agents`). */
  readonly defaultTab?: TransferTab;
  /** The country of numbers typed without their country code (the workspace's default country). */
  readonly defaultCountry?: string | null;
  /** Called after a successful transfer (the modal then closes). */
  readonly onTransferred?: (target: TransferTarget) => void;
}

/**
 * The transfer call modal: 'Transfer call', 480 px wide, a refresh button and a close action,
 * a search box, and the tabs 'Agents' and 'Teams' (values `agents` and `groups`), each with a count
 * badge — agents across all filtered status groups; the filtered teams — then 'Quick connects'
 * (`quickConnects`: the contact centre's queues and external numbers, under the headings 'Queues'
 * and 'External numbers', with their count) and 'Number' (`number`: a number typed as people write
 * it, added to the call as an external party with 'Add to call'). Lists are virtualised
 * (TanStack Virtual) in an area at most 580 px high. Selecting a target transfers the call and then
 * closes the modal; a refusal ('Endpoint to transfer call not found') is shown in it. Empty states:
 * 'No call agents', 'No agents found', 'No call teams', 'No teams found', 'No quick connects',
 * 'No quick connects found'. The `dropdown` variant (phones) is one native select shown in place,
 * with the number field under it. Targets load when it opens.
 * @public
 */
export function TransferModal(props: TransferModalProps): ReactElement | null {
  const { open, variant = 'dialog', defaultTab = 'agents' } = props;
  if (!open) return null;
  return variant === 'dropdown' ? (
    <TransferDropdown {...props} />
  ) : (
    <TransferDialog {...props} defaultTab={defaultTab} />
  );
}
