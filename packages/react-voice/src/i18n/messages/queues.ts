/**
 * UI texts of the voice panel's 'Queues' tab (supervisors): each contact-centre queue's calls
 * waiting, longest wait and agents, and 'Take next call'. The specification names none of them;
 * they are plain product words.
 */
export const QUEUES_MESSAGES = {
  queues: 'Queues',
  queuesListLabel: 'Contact centre queues',
  queueCallsWaiting: 'Calls waiting',
  queueLongestWait: 'Longest wait',
  queueNoWait: 'None',
  queueAgentsAvailable: 'Available',
  queueAgentsOnline: 'Online',
  queueAgentsOnCall: 'On call',
  queueTakeNextCall: 'Take next call',
  queueTakeNextCallFrom: 'Take next call from {queue}',
  queueTakeNextCallHint:
    'Take next call sets you Available: the call that has waited longest in your queues rings for you.',
  noQueues: 'No queues',
  noQueuesDescription: "The contact centre's queues and their waiting calls show here.",
} as const;
