// `connect.QuickResponses`: the panel's quick-responses integration, as static methods.
import {
  QuickResponses as CoreQuickResponses,
  type SearchQuickResponsesParams,
} from '../quick-responses/quick-responses';
import type { CompatRuntime } from './runtime';

/** Builds `connect.QuickResponses` bound to one runtime. */
export function defineQuickResponses(rt: CompatRuntime) {
  const quickResponses = () => {
    const ccp = rt.ccp();
    return new CoreQuickResponses(
      (method, params) => ccp.client.request(method, params),
      (contactId) => ccp.contacts.get(contactId)?.getAttributes(),
    );
  };

  /** `connect.QuickResponses`: the panel's quick-responses integration (static methods). */
  return class QuickResponses {
    /** Whether the quick-responses integration exists (`qrIntegrationExists`). */
    static isEnabled(): Promise<boolean> {
      return new Promise((resolve) => resolve(quickResponses().isEnabled() as Promise<boolean>));
    }
    /** Searches quick responses (`qrSearchQuickResponses`), with the contact's attributes. */
    static searchQuickResponses(
      params: connect.QuickResponsesQuery,
    ): Promise<connect.SearchQuickResponsesResult> {
      return new Promise((resolve) =>
        resolve(
          quickResponses().searchQuickResponses(
            params as SearchQuickResponsesParams,
          ) as Promise<connect.SearchQuickResponsesResult>,
        ),
      );
    }
  };
}
