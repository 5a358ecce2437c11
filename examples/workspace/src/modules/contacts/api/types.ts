/**
 * Contact shapes of the workspace server (`/api/ws/{slug}/contacts...`): the types inferred from
 * `server/src/contract/contacts.ts`. `import type` only: no schema library ships to the browser.
 */
export type {
  ApiContact as Contact,
  ContactAttribute,
  ContactCall,
  ContactCreate,
  ContactDuplicate,
  ContactListResponse,
  ContactPatch,
  ContactProfile,
  ContactResponse,
} from '../../../../server/src/contract/contacts';
