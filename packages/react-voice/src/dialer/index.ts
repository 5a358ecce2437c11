/** Phone numbers as people type them, and the dialer's recent numbers (no React). */
export {
  dialCountries,
  formatPhoneNumber,
  isDialCountry,
  parseDialedNumber,
} from './phone-numbers';
export type { DialCountry, DialedNumber } from './phone-numbers';
export {
  DIALER_RECENT_NUMBERS_MAX,
  readRecentNumbers,
  rememberRecentNumber,
} from './recent-numbers';
export type { RecentNumber, RecentNumbersStorage } from './recent-numbers';
