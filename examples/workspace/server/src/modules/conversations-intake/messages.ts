// What the inbound path writes into conversations and answers providers, in one place.

export const INTAKE_MESSAGES = {
  /** The system line a STOP adds to the conversation. */
  optedOut: (keyword: string, channel: 'sms' | 'whatsapp') =>
    channel === 'sms'
      ? `The customer sent ${keyword} and is opted out of SMS: replies by SMS fail until they send START.`
      : `The customer sent ${keyword} and is opted out of WhatsApp campaigns until they send START; replies in the 24-hour window still reach them.`,
  /** The system line a START adds. */
  optedIn: (keyword: string, channel: 'sms' | 'whatsapp') =>
    channel === 'sms'
      ? `The customer sent ${keyword} and can receive SMS again.`
      : `The customer sent ${keyword} and can receive WhatsApp campaigns again.`,
  smsNotConnected: 'SMS is not connected on this server.',
  whatsappNotConnected: 'WhatsApp is not connected on this server.',
  signatureMissing: (header: string) => `The ${header} header is missing.`,
  signatureWrong: (header: string) => `The ${header} header does not match the request.`,
  wrongAccount: 'The webhook is for another account.',
  verifyTokenWrong: 'The verify token is missing or wrong.',
} as const;
