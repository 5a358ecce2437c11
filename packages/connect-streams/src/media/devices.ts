import { MEDIA_DEVICE_TIMEOUT_MS } from '../constants';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';

/**
 * Lists media devices, failing with 'No navigator or navigator.mediaDevices object found' when the
 * facility is missing and 'Timeout exceeded' after 1000 ms.
 * @public
 */
export function enumerateMediaDevices(
  nav:
    { readonly mediaDevices?: { enumerateDevices(): Promise<MediaDeviceInfo[]> } } | undefined = (
    globalThis as { navigator?: Navigator }
  ).navigator,
  timeoutMs = MEDIA_DEVICE_TIMEOUT_MS,
): Promise<MediaDeviceInfo[]> {
  if (!nav?.mediaDevices) {
    return Promise.reject(new ConnectError('noNavigator', MESSAGES.noNavigator));
  }
  const devices = nav.mediaDevices;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ConnectError('timeoutExceeded', MESSAGES.timeoutExceeded)),
      timeoutMs,
    );
    devices.enumerateDevices().then(
      (list) => {
        clearTimeout(timer);
        resolve(list);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
