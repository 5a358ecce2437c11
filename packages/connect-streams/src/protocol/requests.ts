import { z } from 'zod';
import { masterTopicSchema } from './events';
import { EventType, type MasterTopics } from './names';

/**
 * The data of an `api_request` envelope (`EventFactory.createRequest`):
 * `{event:'api_request', requestId, method, params}`.
 * @public
 */
export const apiRequestSchema = z.looseObject({
  event: z.literal(EventType.API_REQUEST),
  requestId: z.string().min(1),
  method: z.string().min(1),
  params: z.unknown(),
});

/**
 * The data of an `api_request` envelope. See {@link apiRequestSchema}.
 * @public
 */
export type ApiRequest = z.infer<typeof apiRequestSchema>;

/**
 * The data of an `api_response` envelope (`EventFactory.createResponse`):
 * `{event:'api_response', requestId, data, err}`; a truthy `err` means failure (the real worker
 * sends it as a JSON string of the error object).
 * @public
 */
export const apiResponseSchema = z.looseObject({
  event: z.literal(EventType.API_RESPONSE),
  requestId: z.string().min(1),
  data: z.unknown(),
  err: z.unknown(),
});

/**
 * The data of an `api_response` envelope. See {@link apiResponseSchema}.
 * @public
 */
export type ApiResponse = z.infer<typeof apiResponseSchema>;

/**
 * The methods of a `master_request` (`connect.MasterMethods`).
 * @public
 */
export const MasterMethods = {
  BECOME_MASTER: 'becomeMaster',
  CHECK_MASTER: 'checkMaster',
} as const;

/**
 * One value of the `MasterMethods` constant.
 * @public
 */
export type MasterMethods = (typeof MasterMethods)[keyof typeof MasterMethods];

/**
 * The data of a `master_request` envelope.
 * @public
 */
export const masterRequestSchema = z.looseObject({
  event: z.literal(EventType.MASTER_REQUEST),
  requestId: z.string().min(1),
  method: z.enum(MasterMethods),
  params: z.looseObject({
    topic: masterTopicSchema,
    shouldNotBecomeMasterIfNone: z.boolean().optional(),
  }),
});

/**
 * The data of a `master_request` envelope. See {@link masterRequestSchema}.
 * @public
 */
export type MasterRequest = z.infer<typeof masterRequestSchema>;

/**
 * The `data` of a successful `master_response`: `{masterId, isMaster, topic}` for `checkMaster`,
 * `{masterId, takeOver, topic}` for `becomeMaster`.
 * @public
 */
export const masterResultSchema = z.looseObject({
  masterId: z.string().nullable(),
  isMaster: z.boolean().optional(),
  takeOver: z.boolean().optional(),
  topic: masterTopicSchema,
});

/**
 * The result of a master request. See {@link masterResultSchema}.
 * @public
 */
export type MasterResult = z.infer<typeof masterResultSchema>;

/**
 * The data of a `master_response` envelope.
 * @public
 */
export const masterResponseSchema = z.looseObject({
  event: z.literal(EventType.MASTER_RESPONSE),
  requestId: z.string().min(1),
  data: masterResultSchema.nullish(),
  err: z.unknown(),
});

/**
 * The data of a `master_response` envelope. See {@link masterResponseSchema}.
 * @public
 */
export type MasterResponse = z.infer<typeof masterResponseSchema>;

/**
 * Builds the data of an `api_request` (send it as `{event:'api_request', data}`).
 * @public
 */
export function createApiRequest(requestId: string, method: string, params: unknown): ApiRequest {
  return { event: EventType.API_REQUEST, requestId, method, params };
}

/**
 * Builds the data of an `api_response` answering `requestId`; `err` is `null` on success.
 * @public
 */
export function createApiResponse(
  requestId: string,
  data: unknown,
  err: unknown = null,
): ApiResponse {
  return { event: EventType.API_RESPONSE, requestId, data, err: err ?? null };
}

/**
 * Builds the data of a `master_request` for `topic`.
 * @public
 */
export function createMasterRequest(
  requestId: string,
  method: MasterMethods,
  topic: MasterTopics,
  shouldNotBecomeMasterIfNone?: boolean,
): MasterRequest {
  const params =
    shouldNotBecomeMasterIfNone === undefined ? { topic } : { topic, shouldNotBecomeMasterIfNone };
  return { event: EventType.MASTER_REQUEST, requestId, method, params };
}

/**
 * The data of the first `acknowledge` from the worker: `{id: portId}` (the host reads `data.id`).
 * @public
 */
export const acknowledgeDataSchema = z.looseObject({ id: z.string().min(1) });

/**
 * The data of `outer_context_info` (host → panel, after the first acknowledge).
 * @public
 */
export const outerContextInfoSchema = z.looseObject({
  streamsVersion: z.string(),
  initCCPParams: z.unknown().optional(),
});

/**
 * The data of `configure` (host → panel): the init parameters the panel needs.
 * @public
 */
export const hostConfigureSchema = z.looseObject({
  softphone: z.looseObject({}).nullish(),
  chat: z.looseObject({}).nullish(),
  task: z.looseObject({}).nullish(),
  pageOptions: z.looseObject({}).nullish(),
  shouldAddNamespaceToLogs: z.boolean().nullish(),
  disasterRecoveryOn: z.boolean().nullish(),
  autoAcceptTone: z.boolean().nullish(),
  showInactivityModal: z.boolean().nullish(),
});

/**
 * The data of `configure` (host → panel). See {@link hostConfigureSchema}.
 * @public
 */
export type HostConfigure = z.infer<typeof hostConfigureSchema>;

/**
 * The data of `configure` (panel page → shared worker): the shared-worker configuration.
 * @public
 */
export const sharedWorkerConfigSchema = z.looseObject({
  authToken: z.string().min(1),
  refreshToken: z.string().nullish(),
  authTokenExpiration: z.union([z.date(), z.number(), z.string()]).nullish(),
  region: z.string().min(1),
  endpoint: z.string().nullish(),
  authorizeEndpoint: z.string().nullish(),
  agentAppEndpoint: z.string().nullish(),
  taskTemplatesEndpoint: z.string().nullish(),
  authCookieName: z.string().nullish(),
  longPollingOptions: z.looseObject({}).nullish(),
  loginEndpoint: z.string().nullish(),
});

/**
 * The shared-worker configuration. See {@link sharedWorkerConfigSchema}.
 * @public
 */
export type SharedWorkerConfig = z.infer<typeof sharedWorkerConfigSchema>;

/**
 * The data of `broadcast`: the worker re-sends `{event, data}` to every port.
 * @public
 */
export const broadcastSchema = z.looseObject({ event: z.string().min(1), data: z.unknown() });

/**
 * The data of `update_connected_ccps`.
 * @public
 */
export const updateConnectedCcpsSchema = z.looseObject({
  length: z.number().int().nonnegative(),
  tabId: z.string().nullish(),
  streamsTabsAcrossBrowser: z.number().nullish(),
});

/**
 * The data of `tab_id` (panel page → worker).
 * @public
 */
export const tabIdSchema = z.looseObject({ tabId: z.string().nullish() });

/**
 * The data of `iframe_style` (host → panel, 10 s after the iframe is created).
 * @public
 */
export const iframeStyleSchema = z.looseObject({
  display: z.string().nullish(),
  offsetWidth: z.number().nullish(),
  offsetHeight: z.number().nullish(),
  clientRectsLength: z.number().nullish(),
});

/**
 * The data of `auth_fail` (optional `{authorize:true}`).
 * @public
 */
export const authFailSchema = z.looseObject({ authorize: z.boolean().optional() }).nullish();

/**
 * The response of the authorize endpoint (`GET /auth/authorize`): `{accessToken, expiration}`.
 * @public
 */
export const authorizeResponseSchema = z.looseObject({
  accessToken: z.string().min(1),
  expiration: z.union([z.string(), z.number()]),
});

/**
 * The response of the authorize endpoint. See {@link authorizeResponseSchema}.
 * @public
 */
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/**
 * The response of `/whitelisted-origins`: `{whitelistedOrigins}`.
 * @public
 */
export const whitelistedOriginsResponseSchema = z.looseObject({
  whitelistedOrigins: z.array(z.string()),
});
