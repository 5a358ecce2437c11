/**
 * The emulator panel's SharedWorker script: the CCP worker engine of `@x/connect-streams/panel`.
 */
import { startPanelWorker, type SharedWorkerScopeLike } from '@x/connect-streams/panel';

startPanelWorker(globalThis as unknown as SharedWorkerScopeLike);
