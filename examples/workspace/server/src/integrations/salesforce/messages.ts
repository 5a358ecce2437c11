// What an admin reads when Salesforce does not answer as expected (the integration's last error
// and the "Sync now" answer), in words they can act on.
export const SALESFORCE_MESSAGES = {
  notSetUp:
    'Salesforce is not set up: save the instance URL, consumer key and consumer secret first.',
  turnedOff: 'Salesforce is turned off: turn it on to sync.',
  syncOff: 'Contact sync is off in the Salesforce settings.',
  badSecret:
    'Salesforce refused the consumer secret (invalid client credentials). Copy the consumer secret of the connected app again.',
  badClientId:
    'Salesforce does not know this consumer key. Check the connected app’s consumer key and that the client credentials flow is enabled for it.',
  tokenRefused: (code: string, description: string) =>
    `Salesforce refused to sign in (${code}: ${description}).`,
  unreachable: (detail: string) =>
    `Salesforce could not be reached (${detail}). The next run tries again.`,
  unavailable: (status: number) =>
    `Salesforce answered ${status} (temporarily unavailable). The next run tries again.`,
  sessionRejected:
    'Salesforce rejected the session twice in a row; check the connected app’s policies.',
  refused: (status: number, code: string, message: string) =>
    `Salesforce refused the request (${status} ${code}: ${message}).`,
  unexpected: (status: number) =>
    `Salesforce answered ${status} with a body the workspace cannot read.`,
  callLogFailed: (detail: string) => `A call could not be logged in Salesforce: ${detail}`,
} as const;
