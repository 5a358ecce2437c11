/**
 * `@x/connect-streams/panel`: the CCP side of the wire (worker engine, CTI client, polling,
 * softphone) for panel pages.
 * @packageDocumentation
 */
export {};
