// The integration's one import when it uses Voice ID: the global comes with it.
import '@x/voice-id/compat';
