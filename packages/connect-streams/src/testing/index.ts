/**
 * `@x/connect-streams/testing`: an in-memory panel for unit-testing integrations.
 * @packageDocumentation
 */
export {};
