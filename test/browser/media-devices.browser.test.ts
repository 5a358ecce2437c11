import { expect, it } from 'vitest';

it('runs in a secure context where the fake microphone is available to getUserMedia', async () => {
  expect(window.isSecureContext).toBe(true);
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const [track] = stream.getAudioTracks();
  expect(track?.readyState).toBe('live');
  stream.getTracks().forEach((t) => t.stop());
});
