// The softphone media constants: signalling, frames, the sounds the bridge makes, DTMF. Part of
// the package's constants (re-exported by `constants.ts`); import them from there.

/**
 * The softphone signalling endpoint (the agent connection's `callConfigJson.signalingEndpoint`):
 * JSON-RPC 2.0 over a web socket, as connect-rtc-js speaks it.
 */
export const SOFTPHONE_SIGNALLING_PATH = '/softphone/signalling';

/** Samples per media frame: 20 ms of G.711 at 8 kHz (one RTP packet, 160 bytes of μ-law). */
export const MEDIA_FRAME_SAMPLES = 160;

/** Duration of one media frame (ms); the bridge mixes one frame per call this often. */
export const MEDIA_FRAME_MS = 20;

/** RTP payload type of PCMU (G.711 μ-law), fixed by RFC 3551. */
export const PCMU_PAYLOAD_TYPE = 0;

/**
 * Frames a leg may have waiting before the oldest are dropped (100 ms): bounds the delay a
 * burst of late packets adds to the mouth-to-ear latency.
 */
export const MEDIA_MAX_QUEUED_FRAMES = 5;

/**
 * Frames the bridge mixes at once after its timer ran late (100 ms); past that it skips ahead
 * rather than send a burst no one can play in time.
 */
export const MEDIA_MAX_CATCH_UP_FRAMES = 5;

/** How long the media server gathers its ICE candidates before answering an invite (ms). */
export const SOFTPHONE_GATHER_TIMEOUT_MS = 3000;

/** How long a server `bye` waits for the client's reply before the socket is closed (ms). */
export const SOFTPHONE_BYE_REPLY_TIMEOUT_MS = 2000;

/**
 * How long a softphone session whose signalling socket dropped waits for the client to reconnect
 * with its client token (ms); connect-rtc-js tries for 10 s.
 */
export const SOFTPHONE_RECONNECT_WINDOW_MS = 10_000;

/** Largest signalling frame accepted (an offer SDP with its candidates is a few KB). */
export const MAX_SIGNALLING_FRAME_BYTES = 32 * 1024;

/** Most ICE candidates an invite may carry. */
export const MAX_INVITE_CANDIDATES = 64;

/** The tone a simulated customer (one with no phone of their own on the call) speaks (Hz). */
export const SIMULATED_CUSTOMER_TONE_HZ = 440;

/**
 * The hold music: notes (Hz) of 400 ms each, played in a loop to a held party and to a
 * customer waiting in queue.
 */
export const HOLD_MUSIC_NOTES_HZ = [523.25, 659.25, 783.99, 659.25] as const;

/** Length of each hold-music note (ms). */
export const HOLD_MUSIC_NOTE_MS = 400;

/** The ringback a caller hears while an agent's phone rings: 440 + 480 Hz, 2 s on, 4 s off. */
export const RINGBACK = { frequenciesHz: [440, 480], onMs: 2000, offMs: 4000 } as const;

/**
 * DTMF: the row and column tones (Hz) of each key, and how long a digit sounds and the pause
 * after it (ms), as a phone plays digits in band.
 */
export const DTMF = {
  rows: [697, 770, 852, 941],
  columns: [1209, 1336, 1477, 1633],
  keys: ['123A', '456B', '789C', '*0#D'],
  toneMs: 100,
  gapMs: 60,
  /** A `,` in SendDigits: a pause (ms). */
  pauseMs: 500,
} as const;

/**
 * Codes a softphone invite is refused with. connect-rtc-js turns 486 into `user_busy_error`, 404
 * into a logged "call not found", and every other code into `signalling_handshake_failure`.
 */
export const SIGNALLING_ERROR_CODES = {
  badRequest: 400,
  forbidden: 403,
  callNotFound: 404,
  busy: 486,
  serverError: 500,
  /** JSON-RPC 2.0: the frame is not valid JSON. */
  parseError: -32700,
  /** JSON-RPC 2.0: the method does not exist. */
  methodNotFound: -32601,
} as const;

/**
 * The longest live recording kept (ms): past it the call goes on and the recording stops (30 min
 * of 8 kHz stereo is about 58 MB in memory until the call ends).
 */
export const MAX_LIVE_RECORDING_MS = 30 * 60 * 1000;
