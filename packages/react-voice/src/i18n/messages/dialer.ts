/**
 * UI texts of the dialer (the status menu's 'Dial a number'): the number field, its country, the
 * contact the number matches and the recent numbers. The refusal of a number is the controller's
 * 'Phone number is not valid.'.
 */
export const DIALER_MESSAGES = {
  dialNumber: 'Dial a number',
  dialerNumber: 'Phone number',
  dialerCountry: 'Country',
  dialerAnyCountry: 'Number with country code',
  dialerCall: 'Call',
  dialerRecent: 'Recent numbers',
  dialerContact: 'Contact: {name}',
  dialerNoContact: 'No contact has this number',
  dialerCallRecent: 'Call {number} again',
} as const;
