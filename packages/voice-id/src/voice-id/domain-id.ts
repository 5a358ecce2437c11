// The Voice ID domain id of an instance: one store per transport unless the caller gives one, one
// listIntegrationAssociations call at a time per store, and the id read from its answer.
import { VoiceIdErrorType } from '../constants';
import { createDomainIdStore } from '../domain/domain-id-store';
import { VoiceIdError } from '../errors/voice-id-error';
import { VoiceIdMessage } from '../messages';
import type { AgentAppTransport, VoiceIdDomainStore } from '../port/types';
import type { Fail } from './flow-kit';
import { isObject, type JsonObject } from './validate';

const defaultStores = new WeakMap<AgentAppTransport, VoiceIdDomainStore>();
const pendingDomainIds = new WeakMap<VoiceIdDomainStore, Promise<string>>();

/** The domain store every VoiceId on `transport` shares when none is given. */
export function defaultDomainStore(transport: AgentAppTransport): VoiceIdDomainStore {
  let store = defaultStores.get(transport);
  if (!store) defaultStores.set(transport, (store = createDomainIdStore()));
  return store;
}

/** The cached domain id, else the pending read, else a new read by `load` (shared while it runs). */
export function sharedDomainId(
  store: VoiceIdDomainStore,
  load: () => Promise<string>,
): Promise<string> {
  const cached = store.get();
  if (cached) return Promise.resolve(cached);
  let pending = pendingDomainIds.get(store);
  if (!pending) {
    pending = load().finally(() => pendingDomainIds.delete(store));
    pendingDomainIds.set(store, pending);
  }
  return pending;
}

/** The domain id of a listIntegrationAssociations answer (its first Voice ID association). */
export function domainIdOf(data: JsonObject, failed: Fail): string {
  const list = data['IntegrationAssociationSummaryList'];
  if (!Array.isArray(list)) throw failed({ body: data });
  const first: unknown = list[0];
  const arn = isObject(first) ? first['IntegrationArn'] : undefined;
  if (first !== undefined && typeof arn !== 'string') throw failed({ body: data });
  const domainId = typeof arn === 'string' ? arn.replace(/^.*domain\//i, '') : '';
  if (!domainId)
    throw new VoiceIdError(
      VoiceIdErrorType.NO_DOMAIN_ID_FOUND,
      VoiceIdMessage.NO_DOMAIN_ID_FOUND,
      data,
    );
  return domainId;
}
