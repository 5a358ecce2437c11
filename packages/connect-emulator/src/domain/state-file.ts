// The agent choices (state, preferences) kept across restarts: read from `<stateDir>/state.json`
// at start, written back each second when the instance changed, and once more at close.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContactCentre } from './contact-centre';

/** The saved state of one emulator: loaded at start, saved while it runs. */
export class StateFile {
  private readonly path: string;
  private savedChanges = -1;
  private saver: ReturnType<typeof setInterval> | undefined;
  private centre: (() => ContactCentre) | undefined;

  constructor(private readonly stateDir: string) {
    this.path = join(stateDir, 'state.json');
  }

  /** Creates the directory and imports the saved state into `centre`, if any. */
  async load(centre: ContactCentre): Promise<void> {
    await mkdir(this.stateDir, { recursive: true });
    try {
      centre.importState(JSON.parse(await readFile(this.path, 'utf8')));
    } catch {
      // No saved state yet, or unreadable: start from the seed.
    }
  }

  /** Saves the live `centre` each second (when it changed) until {@link StateFile.stop}. */
  start(centre: () => ContactCentre): void {
    this.centre = centre;
    this.saver = setInterval(() => void this.save().catch(() => undefined), 1000);
    this.saver.unref();
  }

  /** Stops the periodic save and saves a last time. */
  async stop(): Promise<void> {
    if (this.saver) clearInterval(this.saver);
    await this.save().catch(() => undefined);
  }

  private async save(): Promise<void> {
    if (!this.centre) return;
    const centre = this.centre();
    if (centre.changes === this.savedChanges) return;
    this.savedChanges = centre.changes;
    await writeFile(this.path, JSON.stringify(centre.exportState(), null, 2));
  }
}
