// A CommonJS file of the same program: its imports resolve to the .d.cts declarations.
import '@x/connect-streams/compat';
import '@x/voice-id/compat';

connect.agent((agent: connect.Agent) => agent.getName());
