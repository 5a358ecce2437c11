// Voice add-on routes, under /ws/{slug}/addons/voice, with the
// shapes of the shared contract (@x/react-voice/api).
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { callRoutes } from './call-routes';
import { VoiceDirectory } from './directory';
import { directoryRoutes } from './directory-routes';
import { historyRoutes } from './history-routes';
import { VoiceService } from './service';

export function voiceRoutes(services: Services) {
  const voice = new VoiceService(services);
  const router = createRouter();
  router.route('/', callRoutes(voice));
  router.route('/', directoryRoutes(voice, new VoiceDirectory(services)));
  router.route('/', historyRoutes(voice));
  return router;
}
