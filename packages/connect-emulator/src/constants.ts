/**
 * The port the emulator listens on when `--port` is not given.
 * @public
 */
export const DEFAULT_PORT = 4700;
