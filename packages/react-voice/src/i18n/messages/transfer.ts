/**
 * UI texts of the transfer modal beyond the specification's two tabs: the contact centre's queue
 * and external-number quick connects, and a number typed by the agent (added to the call as an
 * external party). The specification's strings ('Transfer call', 'Agents', 'Teams', the empty
 * states) stay in `call.ts`.
 */
export const TRANSFER_MESSAGES = {
  transferQuickConnects: 'Quick connects',
  transferQueues: 'Queues',
  transferExternalNumbers: 'External numbers',
  noQuickConnects: 'No quick connects',
  noQuickConnectsFound: 'No quick connects found',
  transferNumberTab: 'Number',
  transferAddNumber: 'Add to call',
} as const;
