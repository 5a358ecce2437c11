import type { FarEnd } from './softphone-call';

/** Waits until a peer has gathered all its ICE candidates (non-trickle exchange). */
function gatheringComplete(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const check = (): void => {
      if (peer.iceGatheringState === 'complete') {
        peer.removeEventListener('icegatheringstatechange', check);
        resolve();
      }
    };
    peer.addEventListener('icegatheringstatechange', check);
  });
}

/** Waits until a peer's connection is up, or rejects when it fails. */
function connected(peer: RTCPeerConnection): Promise<void> {
  if (peer.connectionState === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (peer.connectionState === 'connected') {
        peer.removeEventListener('connectionstatechange', check);
        resolve();
      } else if (peer.connectionState === 'failed' || peer.connectionState === 'closed') {
        peer.removeEventListener('connectionstatechange', check);
        reject(new Error(`peer connection ${peer.connectionState}`));
      }
    };
    peer.addEventListener('connectionstatechange', check);
  });
}

/**
 * Options of {@link createLoopbackFarEnd}.
 * @public
 */
export interface LoopbackFarEndOptions {
  /** Frequency of the tone the simulated customer "speaks" (default 440 Hz). */
  readonly frequencyHz?: number;
  /** Receives the agent's audio as the customer hears it. */
  readonly onAgentAudio?: (stream: MediaStream) => void;
}

/**
 * A far end inside the same page: a second `RTCPeerConnection` standing for the customer,
 * sending a generated tone and receiving the agent's microphone. Used by the emulator's panel,
 * whose calls have no real media server.
 * @public
 */
export function createLoopbackFarEnd(options: LoopbackFarEndOptions = {}): FarEnd {
  let customer: RTCPeerConnection | undefined;
  let context: AudioContext | undefined;
  return {
    async negotiate(agent) {
      customer = new RTCPeerConnection();
      context = new AudioContext();
      const oscillator = context.createOscillator();
      oscillator.frequency.value = options.frequencyHz ?? 440;
      const destination = context.createMediaStreamDestination();
      oscillator.connect(destination);
      oscillator.start();
      for (const track of destination.stream.getAudioTracks())
        customer.addTrack(track, destination.stream);
      const far = customer;
      far.addEventListener('track', (event) => {
        options.onAgentAudio?.(event.streams[0] ?? new MediaStream([event.track]));
      });
      await agent.setLocalDescription(await agent.createOffer());
      await gatheringComplete(agent);
      await far.setRemoteDescription(agent.localDescription as RTCSessionDescriptionInit);
      await far.setLocalDescription(await far.createAnswer());
      await gatheringComplete(far);
      await agent.setRemoteDescription(far.localDescription as RTCSessionDescriptionInit);
      await connected(agent);
    },
    close() {
      customer?.close();
      void context?.close().catch(() => undefined);
      customer = undefined;
      context = undefined;
    },
  };
}
