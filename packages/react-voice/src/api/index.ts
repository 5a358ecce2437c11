/**
 * `@x/react-voice/api`: the product voice API contract (zod schemas and types of every
 * `/ws/{slug}/addons/voice/...` route).
 * @packageDocumentation
 */
export * from './contract';
