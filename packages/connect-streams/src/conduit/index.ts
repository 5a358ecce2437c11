export { IframeConduit } from './iframe-conduit';
export type { MessageSource, MessageTarget } from './iframe-conduit';
export type { Conduit } from './conduit';
