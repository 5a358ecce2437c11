import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

// `npx connect-emulator` prints its URL and control token; the page reads the emulator's agent
// list through /emulator-control (the emulator serves its control API to this machine's tools,
// not to web pages, so the dev server forwards it and adds the token).
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const emulator = env.VITE_CONNECT_EMULATOR_URL ?? 'http://127.0.0.1:4700';
  const proxy = {
    '/emulator-control': {
      target: emulator,
      changeOrigin: true,
      rewrite: (path: string) => path.replace(/^\/emulator-control/, '/control'),
      headers: { 'x-connect-emulator-token': env.CONNECT_EMULATOR_CONTROL_TOKEN ?? '' },
    },
  };
  return { plugins: [react()], server: { proxy }, preview: { proxy } };
});
