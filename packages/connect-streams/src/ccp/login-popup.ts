import {
  LOGIN_POPUP_CHECK_INTERVAL_MS,
  LOGIN_POPUP_HEIGHT,
  LOGIN_POPUP_LOCK_PREFIX,
  LOGIN_POPUP_NAME,
  LOGIN_POPUP_WIDTH,
} from '../constants';

/** Size and position of the login popup. @public */
export interface LoginPopupOptions {
  readonly height?: number;
  readonly width?: number;
  readonly top?: number;
  readonly left?: number;
}

/** What the popup needs from the page (the browser `window` by default). @public */
export interface PopupHost {
  open(url: string, target: string, features: string): { closed: boolean; close(): void } | null;
  readonly navigator?: {
    readonly locks?: {
      request(
        name: string,
        options: { ifAvailable: boolean },
        callback: (lock: unknown) => Promise<void> | void,
      ): Promise<unknown>;
    };
  };
}

/**
 * Opens the login popup (default 578 × 433 at 0,0) under an exclusive, if-available cross-tab lock
 * (`navigator.locks`), so only one tab opens it; without the lock facility it opens directly. The lock
 * is held until the popup closes (checked every 1000 ms).
 * @public
 */
export class LoginPopup {
  private popup: { closed: boolean; close(): void } | null = null;
  private check: ReturnType<typeof setInterval> | undefined;
  private release: (() => void) | undefined;

  constructor(private readonly host: PopupHost) {}

  /** Whether this tab's popup is open. */
  get isOpen(): boolean {
    return this.popup !== null && !this.popup.closed;
  }

  /** Opens the popup unless one is open (here or, with the lock, in another tab). */
  open(url: string, options: LoginPopupOptions = {}): void {
    if (this.isOpen) return;
    const locks = this.host.navigator?.locks;
    if (!locks) {
      this.openWindow(url, options);
      return;
    }
    void locks
      .request(`${LOGIN_POPUP_LOCK_PREFIX}${url}`, { ifAvailable: true }, (lock) => {
        if (!lock) return;
        this.openWindow(url, options);
        if (!this.popup) return;
        return new Promise<void>((resolve) => {
          this.release = resolve;
        });
      })
      .catch(() => this.openWindow(url, options));
  }

  /** Closes the popup window (autoClose) and releases the lock. */
  close(): void {
    try {
      this.popup?.close();
    } catch {
      // a cross-origin popup may refuse; it is released anyway
    }
    this.finish();
  }

  /** Stops watching and releases the lock, leaving the window as it is. */
  dispose(): void {
    this.finish();
  }

  private openWindow(url: string, o: LoginPopupOptions): void {
    const features = `width=${o.width ?? LOGIN_POPUP_WIDTH}, height=${o.height ?? LOGIN_POPUP_HEIGHT}, top=${o.top ?? 0}, left=${o.left ?? 0}`;
    this.popup = this.host.open(url, LOGIN_POPUP_NAME, features);
    if (!this.popup) return;
    clearInterval(this.check);
    this.check = setInterval(() => {
      if (!this.popup || this.popup.closed) this.finish();
    }, LOGIN_POPUP_CHECK_INTERVAL_MS);
  }

  private finish(): void {
    clearInterval(this.check);
    this.check = undefined;
    this.popup = null;
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}
