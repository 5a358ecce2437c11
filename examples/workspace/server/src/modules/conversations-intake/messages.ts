// What the inbound path writes into conversations and answers providers, in one place.

export const INTAKE_MESSAGES = {
  /** The system line a STOP adds to the conversation. */
  optedOut: (keyword: string) =>
    `The customer sent ${keyword} and is opted out of SMS: replies by SMS fail until they send START.`,
  /** The system line a START adds. */
  optedIn: (keyword: string) => `The customer sent ${keyword} and can receive SMS again.`,
  smsNotConnected: 'SMS is not connected on this server.',
  whatsappNotConnected: 'WhatsApp is not connected on this server.',
  signatureMissing: (header: string) => `The ${header} header is missing.`,
  signatureWrong: (header: string) => `The ${header} header does not match the request.`,
  wrongAccount: 'The webhook is for another account.',
  verifyTokenWrong: 'The verify token is missing or wrong.',
} as const;
