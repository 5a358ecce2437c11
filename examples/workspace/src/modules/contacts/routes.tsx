import type { RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';

/** The contacts routes: contacts/users and contacts/users/profile/{id}. */
export const contactsRoute: RouteObject = {
  path: 'contacts',
  children: [
    { index: true, loader: ({ params }) => redirect(paths.contacts(params.slug ?? '')) },
    {
      path: 'users',
      lazy: async () => ({
        Component: (await import('./components/contacts-page')).ContactsPage,
      }),
    },
    {
      path: 'users/profile/:id',
      lazy: async () => ({
        Component: (await import('./components/contact-profile-page')).ContactProfilePage,
      }),
    },
  ],
};
