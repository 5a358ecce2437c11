/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The emulator's address (default http://127.0.0.1:4700). */
  readonly VITE_CONNECT_EMULATOR_URL?: string;
}
