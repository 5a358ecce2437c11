export { Ccp } from './ccp';
export type { CcpEvents, CcpEnvironment, CcpStartState, Contacts } from './ccp-types';
export { initCCP } from './init-ccp';
export { CcpIframe } from './frame';
export type { PanelFrame, IframeStyleReport, CcpIframeOptions } from './frame';
export { LoginPopup } from './login-popup';
export type { LoginPopupOptions, PopupHost } from './login-popup';
export { initCcpParamsSchema, validateInitParams, mergeRingtoneSettings } from './params';
export type { InitCcpParams, RingtoneSettings, ValidatedInitParams } from './params';
