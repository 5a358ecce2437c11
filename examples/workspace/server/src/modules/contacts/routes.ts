// Contacts: list with search, create, profile, edit.
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { contactRecordRoutes } from './contact-record-routes';
import { mergeRoutes } from './merge-routes';
import { attributeRoutes } from './attribute-routes';
import { ContactService } from './service';

export function contactRoutes(services: Services) {
  const contacts = new ContactService(services);
  const router = createRouter();
  router.route('/', contactRecordRoutes(contacts));
  router.route('/', mergeRoutes(contacts));
  router.route('/', attributeRoutes(contacts));
  return router;
}
