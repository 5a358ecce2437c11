/** The call components: header chip and status dropdown, call panel, keypad, transfer and audio settings modals. */
export { StatusChip } from './status/status-chip';
export type { StatusChipProps } from './status/status-chip';
export { StatusDropdown } from './status/status-dropdown';
export type { StatusDropdownProps } from './status/status-dropdown';
export { CallPanel } from './call/call-panel';
export type { CallPanelProps } from './call/call-panel';
export type { Offset } from './call/use-movable';
export { Keypad } from './call/keypad';
export type { KeypadProps } from './call/keypad';
export { ParticipantsList } from './call/participants-list';
export type { ParticipantsListProps } from './call/participants-list';
export { TransferModal } from './transfer/transfer-modal';
export type { TransferModalProps, TransferTab } from './transfer/transfer-modal';
export { AudioSettingsModal } from './audio/audio-settings-modal';
export type { AudioSettingsModalProps } from './audio/audio-settings-modal';
export { Dialer, DialerDialog } from './dialer/dialer';
export type { DialerProps, DialerDialogProps } from './dialer/dialer';
