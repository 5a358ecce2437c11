/**
 * UI texts of the call components: the header chip and status dropdown, the call panel, the keypad,
 * the transfer modal and the audio settings modal. English; the spec's
 * strings verbatim ('Transfer call', 'No call agents', 'Download logs', ...).
 */
export const CALL_MESSAGES = {
  // status chip and dropdown
  /** Read before the chip's visible status and time (screen readers only). */
  statusChipLabel: 'Agent status:',
  statusMenuHeading: 'Status',
  statusCurrent: 'Current status',
  /** A status change the softphone refused (shown when the host gives no `onError`). */
  statusChangeFailed: 'Your status could not be changed.',
  // call panel
  callPanelLabel: 'Call',
  callAccept: 'Accept',
  callDecline: 'Decline',
  callEnd: 'End call',
  callHold: 'Hold',
  callResume: 'Resume',
  callMute: 'Mute',
  callUnmute: 'Unmute',
  callKeypad: 'Keypad',
  callTransfer: 'Transfer',
  callExitTransfer: 'Exit',
  callFinish: 'Finish',
  callCollapse: 'Collapse call panel',
  callExpand: 'Expand call panel',
  callMove: 'Move call panel',
  callMoveHint: 'Drag, or use the arrow keys, to move the call panel.',
  callActions: 'Call controls',
  // participants
  participants: 'Participants',
  participantCustomer: 'Customer',
  participantAgent: 'Agent',
  participantConnecting: 'Connecting',
  participantOnHold: 'On hold',
  participantMuted: 'Muted',
  participantHold: 'Hold {name}',
  participantResume: 'Resume {name}',
  participantMute: 'Mute {name}',
  participantUnmute: 'Unmute {name}',
  participantRemove: 'Remove {name}',
  // monitoring
  monitoringMode: 'Monitoring mode',
  monitorListener: 'Listener',
  monitorParticipant: 'Participant',
  leaveCall: 'Leave call',
  leave: 'Leave',
  // keypad
  keypadLabel: 'Keypad',
  keypadDigits: 'Digits sent',
  keypadBackspace: 'Delete',
  // transfer modal
  transferCall: 'Transfer call',
  transferAgents: 'Agents',
  transferTeams: 'Teams',
  transferTarget: 'Transfer to',
  transferChoose: 'Choose an agent or a team',
  noCallAgents: 'No call agents',
  noAgentsFound: 'No agents found',
  noTeamsFound: 'No teams found',
  // audio settings modal
  audioSpeaker: 'Speaker',
  audioMicrophone: 'Microphone',
  audioRinger: 'Ringer',
  audioSystemDevice: 'System default',
  audioSystemDeviceTooltip: 'The browser uses the system-selected device.',
  audioDevicesError: 'The audio devices could not be listed.',
  downloadLogs: 'Download logs',
  // after-call work
  acwHeading: 'After-call work',
  acwDisposition: 'Disposition',
  acwNoDisposition: 'No disposition',
  acwNotes: 'Notes',
  acwSave: 'Save',
  acwSaved: 'Saved',
  acwSaveFailed: 'The disposition and notes could not be saved.',
  acwNotesCount: '{count} of {max} characters',
} as const;
