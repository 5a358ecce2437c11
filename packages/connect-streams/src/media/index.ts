export { RingtoneManager } from './ringtone';
export type {
  RingtoneAudio,
  RingtoneChannel,
  RingtoneEvents,
  RingtoneManagerOptions,
} from './ringtone';
export { enumerateMediaDevices } from './devices';
export { SoftphoneError, softphoneErrorMessage, SOFTPHONE_ERROR_TYPES } from './softphone-error';
export type { SoftphoneErrorType } from './softphone-error';
