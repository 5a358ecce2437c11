import type { VoiceIdDomainStore } from '../port/types';

/**
 * An in-memory {@link VoiceIdDomainStore}: `set` caches a domain id found here and broadcasts it,
 * `receive` caches one another tab broadcast (without broadcasting it again).
 * @public
 */
export interface DomainIdStore extends VoiceIdDomainStore {
  /** Caches a domain id learnt from a `voiceId::update_domain_id` broadcast. */
  receive(domainId: string): void;
}

/**
 * Creates an in-memory domain-id store. `broadcast` is called with each domain id found by a
 * listIntegrationAssociations call, to share it (`voiceId::update_domain_id`) with other tabs.
 *
 * @example
 * ```ts
 * const domainStore = createDomainIdStore((domainId) => channel.postMessage({ domainId }));
 * channel.onmessage = (event) => domainStore.receive(event.data.domainId);
 * ```
 * @public
 */
export function createDomainIdStore(broadcast?: (domainId: string) => void): DomainIdStore {
  let cached: string | undefined;
  return {
    get: () => cached,
    set(domainId) {
      cached = domainId;
      broadcast?.(domainId);
    },
    receive(domainId) {
      cached = domainId;
    },
  };
}
