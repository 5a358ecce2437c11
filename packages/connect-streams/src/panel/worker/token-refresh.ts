// The worker's token refresh: when the CTI token expires within 30 min (checked every 5 min), a
// new one from the authorize endpoint, retried with exponential backoff; a 401 sends `auth_fail`.
import {
  AUTH_TOKEN_REFRESH_BACKOFF_MS,
  AUTH_TOKEN_REFRESH_MAX_RETRIES,
  AUTH_TOKEN_REFRESH_WINDOW_MS,
} from '../constants';
import { authorize as defaultAuthorize } from '../auth/authorize';
import { HttpStatusError } from '../http/fetch-with-retry';
import type { PanelWorkerEngineOptions, WorkerConfiguration } from './worker-options';

/** What the token refresh needs of the engine. */
export interface TokenRefreshHost {
  /** The engine's configuration, or `undefined` before `configure` and after dispose. */
  configuration(): WorkerConfiguration | undefined;
  /** Uses a new token from now on. */
  useToken(authToken: string, authTokenExpiration: Date): void;
  /** Sends an event to every port. */
  broadcast(event: string, data?: unknown): void;
  /** Runs `run` after `delayMs`, unless the engine is disposed first. */
  later(delayMs: number, run: () => void): void;
  /** The engine's generation: an answer from an earlier one is dropped. */
  generation(): number;
  /** The engine's clock, in ms. */
  now(): number;
}

/** Keeps the engine's CTI token fresh. */
export class TokenRefresh {
  private readonly host: TokenRefreshHost;
  private readonly options: PanelWorkerEngineOptions;

  /** Refreshes through `host`, with the engine's `authorize`, `fetch` and `random` options. */
  constructor(host: TokenRefreshHost, options: PanelWorkerEngineOptions) {
    this.host = host;
    this.options = options;
  }

  /** Refreshes the token when it expires within 30 min (checked every 5 min). */
  check(): void {
    const configuration = this.host.configuration();
    if (!configuration) return;
    if (
      configuration.authTokenExpiration === null ||
      configuration.authTokenExpiration === undefined
    ) {
      return;
    }
    const expiration = new Date(configuration.authTokenExpiration).getTime();
    if (expiration < this.host.now() + AUTH_TOKEN_REFRESH_WINDOW_MS) {
      this.refresh(AUTH_TOKEN_REFRESH_BACKOFF_MS, AUTH_TOKEN_REFRESH_MAX_RETRIES);
    }
  }

  /** One refresh attempt, then exponential backoff with full jitter (the real `connect.backoff`). */
  private refresh(intervalMs: number, retriesLeft: number): void {
    const configuration = this.host.configuration();
    if (!configuration) return;
    const generation = this.host.generation();
    const endpoint = configuration.authorizeEndpoint ?? '/auth/authorize';
    const authorize =
      this.options.authorize ?? ((url: string) => defaultAuthorize(url, this.options.fetch));
    authorize(endpoint).then(
      (response) => {
        if (generation !== this.host.generation() || !this.host.configuration()) return;
        this.host.useToken(
          response.accessToken,
          new Date(
            typeof response.expiration === 'number'
              ? response.expiration
              : Date.parse(response.expiration),
          ),
        );
      },
      (error: unknown) => {
        if (generation !== this.host.generation()) return;
        if (error instanceof HttpStatusError && error.status === 401) {
          this.host.broadcast('auth_fail');
          return;
        }
        if (retriesLeft > 0) {
          const wait = intervalMs * 2 * (this.options.random ?? Math.random)();
          this.host.later(wait, () => this.refresh(wait * 2, retriesLeft - 1));
        }
      },
    );
  }
}
