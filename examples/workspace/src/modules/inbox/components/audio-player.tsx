import { Download, Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { recordingFileName, saveBlob } from '@x/react-voice';
import { formatDuration } from '../../../lib/format';
import { Button, ErrorState, IconButton, Skeleton } from '../../../ui';
import { useRecording } from '../api/call-media';

const BARS = 72;

/** Peaks of a recording (0..1), one per bar, decoded with Web Audio; null while decoding. */
function useWaveform(blob: Blob | undefined): number[] | null {
  const [peaks, setPeaks] = useState<number[] | null>(null);
  useEffect(() => {
    if (!blob) return;
    let cancelled = false;
    void (async () => {
      try {
        const context = new OfflineAudioContext(1, 1, 8000);
        const audio = await context.decodeAudioData(await blob.arrayBuffer());
        const data = audio.getChannelData(0);
        const size = Math.max(1, Math.floor(data.length / BARS));
        const result: number[] = [];
        for (let bar = 0; bar < BARS; bar++) {
          let max = 0;
          for (let i = bar * size; i < Math.min(data.length, (bar + 1) * size); i += 16)
            max = Math.max(max, Math.abs(data[i] ?? 0));
          result.push(max);
        }
        const top = Math.max(...result, 0.01);
        if (!cancelled) setPeaks(result.map((p) => Math.max(0.06, p / top)));
      } catch {
        if (!cancelled) setPeaks(Array.from({ length: BARS }, () => 0.3));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [blob]);
  return peaks;
}

/** An object URL for a blob, revoked when the blob changes or the player goes away. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Plays a call recording: waveform with progress, seek (pointer and arrow keys), download .wav. */
export function AudioPlayer({
  recordingUrl,
  durationHint,
}: {
  readonly recordingUrl: string;
  readonly durationHint: number | null;
}) {
  const recording = useRecording(recordingUrl);
  const src = useObjectUrl(recording.data);
  const peaks = useWaveform(recording.data);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(durationHint ?? 0);

  if (recording.isPending)
    return (
      <div className="audio-player" role="status" aria-label="Loading recording">
        <Skeleton height={56} radius={8} />
      </div>
    );
  if (recording.isError)
    return (
      <ErrorState
        title="The recording could not be loaded"
        error={recording.error}
        onRetry={() => void recording.refetch()}
      />
    );

  const audio = () => audioRef.current;
  const seek = (seconds: number) => {
    const el = audio();
    if (!el || !duration) return;
    el.currentTime = Math.min(duration, Math.max(0, seconds));
    setTime(el.currentTime);
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - rect.left) / rect.width) * duration);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -5, ArrowRight: 5, ArrowDown: -5, ArrowUp: 5 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      seek(time + step);
    } else if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(duration);
  };
  const progress = duration ? time / duration : 0;
  return (
    <div className="audio-player" data-testid="audio-player">
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onLoadedMetadata={(e) => {
          if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration);
        }}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        data-testid="audio-element"
      />
      <div className="audio-player__row">
        <IconButton
          label={playing ? 'Pause' : 'Play'}
          tooltip={false}
          className="ui-icon-button audio-player__play"
          onClick={() => {
            const el = audio();
            if (!el) return;
            if (el.paused) void el.play();
            else el.pause();
          }}
          data-testid="audio-play"
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </IconButton>
        <div
          className="audio-player__wave"
          role="slider"
          tabIndex={0}
          aria-label="Seek"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
          onPointerDown={onPointer}
          onKeyDown={onKey}
          data-testid="audio-seek"
        >
          {(peaks ?? Array.from({ length: BARS }, () => 0.15)).map((peak, i) => (
            <span
              key={i}
              className="audio-player__bar"
              data-played={i / BARS < progress ? '' : undefined}
              style={{ height: `${Math.round(peak * 100)}%` }}
            />
          ))}
        </div>
      </div>
      <div className="audio-player__footer">
        <span className="audio-player__time" data-testid="audio-time">
          {formatDuration(time)} / {formatDuration(duration)}
        </span>
        <Button
          size="sm"
          variant="ghost"
          icon={<Download aria-hidden="true" />}
          onClick={() => recording.data && saveBlob(recording.data, recordingFileName(Date.now()))}
          data-testid="audio-download"
        >
          Download .wav
        </Button>
      </div>
    </div>
  );
}
