/** What the contacts screens say, in one place. */
export const CONTACT_COPY = {
  newContact: 'New contact',
  newContactDescription: 'At least a name, a phone number or an email address.',
  edit: 'Edit',
  editTitle: (name: string) => `Edit ${name}`,
  editDescription: 'Changes are saved on the contact everywhere: inbox, calls and campaigns.',
  name: 'Name',
  phone: 'Phone',
  phoneHint: 'With the country code, e.g. +44 20 7123 4567.',
  phoneHintInCountry: (country: string) =>
    `With the country code, e.g. +44 20 7123 4567, or without it for a number in ${country}.`,
  email: 'Email',
  company: 'Company',
  create: 'Create contact',
  save: 'Save contact',
  cancel: 'Cancel',
  created: 'Contact created',
  saved: 'Contact saved',
  notSaved: 'The contact was not saved',
  needIdentity: 'Give a name, a phone or an email.',
  newConversation: 'New conversation',
  newConversationTitle: (name: string) => `New conversation with ${name}`,
  newConversationDescription:
    'Opens a conversation where you write the first message; on WhatsApp, an approved template unless they wrote in the last 24 hours.',
  channel: 'Channel',
  channels: { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' },
  noEmail: 'No email address',
  noPhone: 'No phone number',
  subject: 'Subject',
  open: 'Open conversation',
  notStarted: 'The conversation was not started',
  optOut: (channel: 'sms' | 'whatsapp', keyword: string, when: string) =>
    channel === 'sms'
      ? `They sent ${keyword} on ${when}; messages to this number by SMS are refused until they send START.`
      : `They sent ${keyword} on ${when}; WhatsApp campaigns skip this number until they send START (replies in the 24-hour window still reach them).`,
  moreActions: 'More actions',
  delete: 'Delete contact',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteDescription:
    'Their personal data (name, phone numbers, emails, company) is erased. Their conversations and calls stay in the workspace, without it. This cannot be undone.',
  deleteConfirm: 'Delete contact',
  deleted: 'Contact deleted',
  notDeleted: 'The contact was not deleted',
  merge: 'Merge…',
  mergeTitle: 'Merge contacts',
  mergeDescription:
    'The contact you keep gets the other one’s conversations, calls, phone numbers and emails, and its empty fields are filled from it. The other contact is then removed. This cannot be undone.',
  mergeSearch: 'Find the other contact',
  mergeNoMatch: 'No other contact matches.',
  mergePick: 'Pick the contact to merge with.',
  keep: 'Keep this one',
  mergeConfirm: 'Merge contacts',
  merged: 'Contacts merged',
  notMerged: 'The contacts were not merged',
  duplicates: 'Possible duplicates',
  duplicateMatch: (field: 'phone' | 'email', value: string) =>
    field === 'phone' ? `Same phone: ${value}` : `Same email: ${value}`,
  mergeThis: 'Merge',
  conversations: (n: number) => `${n} conversation${n === 1 ? '' : 's'}`,
  phoneNeedsCountry: 'Start with + and the country code, e.g. +44 20 7123 4567.',
} as const;

/** The custom attribute types, as the screens name them. */
export const ATTRIBUTE_TYPE_LABELS = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes / no',
} as const;

/** What Settings → Contact attributes says. */
export const CONTACT_ATTRIBUTE_COPY = {
  title: 'Contact attributes',
  subtitle:
    'Your own fields on every contact, filled in the contact dialog and shown on the profile.',
  cardTitle: 'Attributes',
  cardDescription: 'Up to 30, in the order the contact dialog and profile show them.',
  none: 'No attributes yet.',
  newLabel: 'New attribute',
  type: 'Type',
  add: 'Add',
  save: 'Save',
  saved: 'Contact attributes saved',
  notSaved: 'The contact attributes were not saved',
  needLabel: 'Enter a label.',
  labelTooLong: 'At most 60 characters.',
  needLetters: 'Use at least one letter.',
  taken: 'Another attribute has this name.',
  yes: 'Yes',
  no: 'No',
} as const;

/** Longest name and company the server takes (contract/contacts.ts). */
export const CONTACT_LIMITS = { nameMax: 120, companyMax: 120, emailMax: 254 } as const;
