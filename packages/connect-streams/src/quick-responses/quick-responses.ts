import { API_PROXY_METHODS, WEBRTC_CONTACT_SUBTYPE } from '../constants';
import { contactNotConnectedMessage, MSG_SCREEN_SHARING_WEBRTC_ONLY } from '../messages';

/**
 * Calls one method on the API-proxy channel (the host's upstream client, which the CCP page
 * answers itself) and resolves with its data.
 * @public
 */
export type ApiProxyCall = (method: string, params: unknown) => Promise<unknown>;

/**
 * Parameters of a quick-response search.
 * @public
 */
export interface SearchQuickResponsesParams {
  /** The search text. */
  query?: string;
  /** When given, the contact's attributes are added as `attributes`. */
  contactId?: string;
  /** Any other search option. */
  [key: string]: unknown;
}

/**
 * Quick responses over the API proxy: `qrIntegrationExists` and `qrSearchQuickResponses`.
 * @public
 */
export class QuickResponses {
  /** A quick-responses client calling through `call`. */
  constructor(
    private readonly call: ApiProxyCall,
    /** Reads a contact's attributes for a search with `contactId`. */
    private readonly getContactAttributes?: (
      contactId: string,
    ) => Record<string, unknown> | undefined,
  ) {}

  /** Whether a quick-responses integration exists (`qrIntegrationExists`, no payload). */
  isEnabled(): Promise<unknown> {
    return this.call(API_PROXY_METHODS.QR_INTEGRATION_EXISTS, null);
  }

  /** Searches quick responses (`qrSearchQuickResponses` with the query and contact attributes). */
  searchQuickResponses(params: SearchQuickResponsesParams): Promise<unknown> {
    const attributes = params.contactId ? this.getContactAttributes?.(params.contactId) : undefined;
    return this.call(API_PROXY_METHODS.QR_SEARCH_QUICK_RESPONSES, { ...params, attributes });
  }
}

/**
 * What {@link startScreenSharing} needs to know about the contact.
 * @public
 */
export interface ScreenSharingContact {
  /** The contact's id. */
  contactId: string;
  /** The contact's segment subtype; screen sharing needs `connect:WebRTC`. */
  subtype: string | undefined;
  /** Whether the contact is connected. */
  isConnected: boolean;
  /** The instance's id. */
  instanceId: string;
  /** The agent connection's id (the participant). */
  agentConnectionId: string;
}

/**
 * Starts screen sharing through the API proxy (`startScreenSharing` with InstanceId, ContactId
 * and ParticipantId), then reports started or error through `broadcast`.
 * Refused for non-WebRTC contacts ('Screen sharing is only supported for WebRTC contacts.') and
 * for contacts that are not connected ('Contact <id> is not connected.').
 * @public
 */
export async function startScreenSharing(
  call: ApiProxyCall,
  contact: ScreenSharingContact,
  broadcast: (
    event: 'contact::screen_sharing_started' | 'contact::screen_sharing_error',
    data: { contactId: string },
  ) => void,
  skipSessionInitiation = false,
): Promise<unknown> {
  if (contact.subtype !== WEBRTC_CONTACT_SUBTYPE) throw new Error(MSG_SCREEN_SHARING_WEBRTC_ONLY);
  if (!contact.isConnected) throw new Error(contactNotConnectedMessage(contact.contactId));
  const data = { contactId: contact.contactId };
  if (skipSessionInitiation) {
    broadcast('contact::screen_sharing_started', data);
    return undefined;
  }
  try {
    const result = await call(API_PROXY_METHODS.START_SCREEN_SHARING, {
      InstanceId: contact.instanceId,
      ContactId: contact.contactId,
      ParticipantId: contact.agentConnectionId,
    });
    broadcast('contact::screen_sharing_started', data);
    return result;
  } catch (error) {
    broadcast('contact::screen_sharing_error', data);
    throw error;
  }
}
