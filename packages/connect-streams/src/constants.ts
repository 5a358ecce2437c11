/**
 * The CCP wire-protocol version this client speaks, sent as `streamsVersion` in `configure`
 * (softphone-sdk spec §1: "Client version: 2.18.4").
 * @public
 */
export const STREAMS_VERSION = '2.18.4';

/**
 * The region used when init parameters name none (spec §1: "Default region: us-west-2").
 * @public
 */
export const DEFAULT_REGION = 'us-west-2';
