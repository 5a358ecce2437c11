import { MSG_GLOBAL_PROVIDER_ALREADY_SET, MSG_GLOBAL_PROVIDER_NOT_SET } from '../messages';
import type { AmazonConnectProvider } from './provider';

let globalProvider: AmazonConnectProvider | undefined;

/**
 * Sets the page's global provider. Throws `Global Provider is already set` when one is set.
 * @public
 */
export function setGlobalProvider(provider: AmazonConnectProvider): void {
  if (globalProvider) throw new Error(MSG_GLOBAL_PROVIDER_ALREADY_SET);
  globalProvider = provider;
}

/**
 * Replaces (or, with no argument, clears) the global provider.
 * @public
 */
export function resetGlobalProvider(provider?: AmazonConnectProvider): void {
  globalProvider = provider;
}

/**
 * Returns the global provider; throws `notSetMessage` (or the default message) when none is set.
 * @public
 */
export function getGlobalProvider(notSetMessage?: string): AmazonConnectProvider {
  if (!globalProvider) throw new Error(notSetMessage ?? MSG_GLOBAL_PROVIDER_NOT_SET);
  return globalProvider;
}

/**
 * True when a global provider is set.
 * @public
 */
export function hasGlobalProvider(): boolean {
  return globalProvider !== undefined;
}
