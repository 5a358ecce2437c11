/**
 * `@x/connect-streams/protocol`: the CCP wire contract (message shapes, event names, CTI operations),
 * as zod schemas with inferred types, shared by the SDK and the emulator.
 * @packageDocumentation
 */
export { conduitMessageSchema, parseConduitMessage } from './envelope';
export type { ConduitMessage } from './envelope';
