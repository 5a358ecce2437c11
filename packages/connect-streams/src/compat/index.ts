/**
 * `@x/connect-streams/compat`: a drop-in global `connect` shaped like `amazon-connect-streams`.
 * @packageDocumentation
 */
export {};
