/**
 * The app's notification sound (a short two-tone chime made with Web Audio). The voice add-on
 * disables it while a call is connected and enables it otherwise.
 */
let enabled = true;
let context: AudioContext | null = null;

/** Enables or disables the notification sound. */
export function setNotificationSoundEnabled(value: boolean): void {
  enabled = value;
}

/** Whether the notification sound plays now. */
export function isNotificationSoundEnabled(): boolean {
  return enabled;
}

/** Plays the notification sound, unless it is disabled (or audio cannot play yet). */
export function playNotificationSound(): void {
  if (!enabled || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + i * 0.12);
      oscillator.stop(now + i * 0.12 + 0.3);
    }
  } catch {
    // no audio output available: notifications stay silent
  }
}
