export { CUSTOMER_ID_ATTRIBUTE, ContactLedger } from './contact-ledger';
export type { ContactLedgerOptions, LedgerContactView } from './contact-ledger';
export { SERVICES_CLI_OPTIONS, createServices, loadServicesCliOptions } from './create-services';
export type { Services, ServicesOptions } from './create-services';
