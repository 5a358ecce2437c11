/**
 * `@x/connect-streams/softphone`: the host-side softphone. With
 * `softphone: { allowFramedSoftphone: false }` the panel runs no call media; the host tab that
 * wins the softphone topic runs it instead: microphone, speaker and microphone devices, mute, the
 * softphone errors of the SDK, statistics and call reports sent through the panel, and failover to
 * another open tab. The ringer device is the host's ringtone (`agent.setRingerDevice`).
 *
 * @example
 * ```ts
 * import { initCCP } from '@x/connect-streams';
 * import { startHostSoftphone } from '@x/connect-streams/softphone';
 *
 * const ccp = initCCP(el, { ccpUrl, softphone: { allowFramedSoftphone: false } });
 * const softphone = startHostSoftphone(ccp);
 * ccp.agent.on('softphoneError', (error) => showBanner(error));
 * ```
 * @packageDocumentation
 */
export { currentAgentUpdate, hostSoftphoneOptions, startHostSoftphone } from './host-softphone';
export type { HostSoftphone, HostSoftphoneOptions } from './host-softphone';
export { installCompatSoftphone } from './compat-softphone';
export type { CompatSoftphoneTarget } from './compat-softphone';
export { SoftphoneManager } from '../panel/softphone/softphone-manager';
export type {
  SoftphoneManagerEvents,
  SoftphoneManagerOptions,
  SoftphoneSession,
} from '../panel/softphone/softphone-manager';
export { SoftphoneError, softphoneErrorFromMediaError } from '../panel/softphone/softphone-error';
export type { SoftphoneErrorType } from '../panel/softphone/softphone-error';
export {
  createSignallingFarEnd,
  signallingEndpointOf,
} from '../panel/softphone/signalling-far-end';
export type { SoftphoneMediaInfo } from '../panel/softphone/signalling-far-end';
export type { FarEnd, SoftphoneStreamStatistic } from '../panel/softphone/softphone-call';
