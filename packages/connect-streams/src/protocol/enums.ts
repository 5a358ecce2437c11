import { z } from 'zod';
import {
  AgentStateType,
  AgentAvailStates,
  AgentErrorStates,
  EndpointType,
  ConnectionType,
  ConnectionStateType,
  ContactStateType,
  ContactType,
  ContactInitiationMethod,
  ChannelType,
  MediaType,
  SoftphoneCallType,
  SoftphoneErrorTypes,
  MonitoringMode,
  RetryStatus,
  SUPPORTED_LOCALES,
} from './names';

/**
 * Validates one value of the `AgentStateType` constant.
 * @public
 */
export const agentStateTypeSchema = z.enum(AgentStateType);

/**
 * Validates one value of the `AgentAvailStates` constant.
 * @public
 */
export const agentAvailStateSchema = z.enum(AgentAvailStates);

/**
 * Validates one value of the `AgentErrorStates` constant.
 * @public
 */
export const agentErrorStateSchema = z.enum(AgentErrorStates);

/**
 * Validates one value of the `EndpointType` constant.
 * @public
 */
export const endpointTypeSchema = z.enum(EndpointType);

/**
 * Validates one value of the `ConnectionType` constant.
 * @public
 */
export const connectionTypeSchema = z.enum(ConnectionType);

/**
 * Validates one value of the `ConnectionStateType` constant.
 * @public
 */
export const connectionStateTypeSchema = z.enum(ConnectionStateType);

/**
 * Validates one value of the `ContactStateType` constant.
 * @public
 */
export const contactStateTypeSchema = z.enum(ContactStateType);

/**
 * Validates one value of the `ContactType` constant.
 * @public
 */
export const contactTypeSchema = z.enum(ContactType);

/**
 * Validates one value of the `ContactInitiationMethod` constant.
 * @public
 */
export const contactInitiationMethodSchema = z.enum(ContactInitiationMethod);

/**
 * Validates one value of the `ChannelType` constant.
 * @public
 */
export const channelTypeSchema = z.enum(ChannelType);

/**
 * Validates one value of the `MediaType` constant.
 * @public
 */
export const mediaTypeSchema = z.enum(MediaType);

/**
 * Validates one value of the `SoftphoneCallType` constant.
 * @public
 */
export const softphoneCallTypeSchema = z.enum(SoftphoneCallType);

/**
 * Validates one value of the `SoftphoneErrorTypes` constant.
 * @public
 */
export const softphoneErrorTypeSchema = z.enum(SoftphoneErrorTypes);

/**
 * Validates one value of the `MonitoringMode` constant.
 * @public
 */
export const monitoringModeSchema = z.enum(MonitoringMode);

/**
 * Validates one value of the `RetryStatus` constant.
 * @public
 */
export const retryStatusSchema = z.enum(RetryStatus);

/**
 * Validates a supported locale.
 * @public
 */
export const supportedLocaleSchema = z.enum(SUPPORTED_LOCALES);
