import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AudioPlayer } from './audio-player';

/** A mono 16-bit WAV of `seconds` of a tone whose loudness rises over time. */
function wav(seconds: number, rate = 8000): Blob {
  const n = seconds * rate;
  const view = new DataView(new ArrayBuffer(44 + n * 2));
  const text = (offset: number, s: string) =>
    [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + n * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++)
    view.setInt16(44 + i * 2, Math.round(Math.sin(i / 6) * 30000 * (i / n)), true);
  return new Blob([view.buffer], { type: 'audio/wav' });
}

const urls: string[] = [];
afterEach(() => urls.splice(0).forEach((u) => URL.revokeObjectURL(u)));

function renderPlayer(seconds: number) {
  const url = URL.createObjectURL(wav(seconds));
  urls.push(url);
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AudioPlayer recordingUrl={url} durationHint={null} />
    </QueryClientProvider>,
  );
}

describe('call recording player', () => {
  it('draws the waveform of the recording, louder parts taller', async () => {
    const screen = await renderPlayer(4);
    await expect.element(screen.getByTestId('audio-time')).toHaveTextContent('0:00 / 0:04');
    await expect
      .poll(() => {
        const bars = [...document.querySelectorAll<HTMLElement>('.audio-player__bar')];
        return (
          parseFloat(bars.at(-1)?.style.height ?? '0') - parseFloat(bars[1]?.style.height ?? '0')
        );
      })
      .toBeGreaterThan(50);
  });

  it('seeks with the arrow keys (5 s steps), Home and End', async () => {
    const screen = await renderPlayer(12);
    const seek = screen.getByTestId('audio-seek');
    await expect.element(seek).toHaveAttribute('aria-valuemax', '12');
    (seek.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(seek).toHaveAttribute('aria-valuenow', '5');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(seek).toHaveAttribute('aria-valuenow', '12');
    await userEvent.keyboard('{Home}');
    await expect.element(seek).toHaveAttribute('aria-valuenow', '0');
  });

  it('plays, showing progress, and pauses', async () => {
    const screen = await renderPlayer(3);
    await expect.element(screen.getByTestId('audio-time')).toHaveTextContent('0:00 / 0:03');
    await screen.getByRole('button', { name: 'Play' }).click();
    await expect.element(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.element(screen.getByTestId('audio-time')).toHaveTextContent(/^0:0[1-3] \//);
    await screen.getByRole('button', { name: 'Pause' }).click();
    await expect.element(screen.getByRole('button', { name: 'Play' })).toBeVisible();
  });

  it('downloads the recording as voice_call_recording-{timestamp}.wav', async () => {
    const clicks: { download: string; href: string }[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ download: this.download, href: this.href });
    });
    const screen = await renderPlayer(2);
    await screen.getByTestId('audio-download').click();
    spy.mockRestore();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toMatch(/^voice_call_recording-\d{13}\.wav$/);
  });
});
