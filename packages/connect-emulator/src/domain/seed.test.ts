import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED, SeedError, loadSeedFile, parseSeed } from './seed';

describe('seed validation', () => {
  it('the demo seed is valid and applies defaults (spec §9 channel concurrency stays as given)', () => {
    const seed = parseSeed(DEMO_SEED);
    expect(seed.agents.map((a) => a.username)).toEqual(['jane', 'john', 'ana']);
    expect(seed.agentStates.map((s) => s.name)).toEqual(['Available', 'Away', 'Lunch', 'Offline']);
    expect(seed.agents[1]!.permissions).toEqual(['outboundCall']);
  });

  it('names every bad cross-reference with its path', () => {
    const bad = {
      ...DEMO_SEED,
      agents: [{ username: 'x', name: 'X', routingProfile: 'Nope', initialState: 'Dancing' }],
      phoneNumbers: [{ number: '+15555550001', queue: 'Ghost' }],
    };
    try {
      parseSeed(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SeedError);
      const message = (error as SeedError).message;
      expect(message).toContain('agents[0].routingProfile: unknown routing profile "Nope"');
      expect(message).toContain('agents[0].initialState: unknown agent state "Dancing"');
      expect(message).toContain('phoneNumbers[0].queue: unknown queue "Ghost"');
    }
  });

  it('rejects malformed numbers, duplicates and missing required lists', () => {
    expect(() =>
      parseSeed({ ...DEMO_SEED, phoneNumbers: [{ number: '555', queue: 'BasicQueue' }] }),
    ).toThrow(/phoneNumbers\[0\]\.number: must be an E\.164/);
    expect(() => parseSeed({ ...DEMO_SEED, queues: [{ name: 'A' }, { name: 'A' }] })).toThrow(
      /duplicate name "A"/,
    );
    expect(() => parseSeed({ queues: [] })).toThrow(SeedError);
    expect(() =>
      parseSeed({ ...DEMO_SEED, agentStates: [{ name: 'Available', type: 'routable' }] }),
    ).toThrow(/needs an offline state/);
  });

  it('loads YAML and JSON files, and reports unparsable files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-'));
    const yaml = join(dir, 'seed.yaml');
    await writeFile(
      yaml,
      'queues:\n  - name: Q\nroutingProfiles:\n  - name: P\n    queues: [Q]\nagents:\n  - username: a\n    name: A\n    routingProfile: P\n',
    );
    expect((await loadSeedFile(yaml)).agents[0]!.username).toBe('a');
    const json = join(dir, 'seed.json');
    await writeFile(json, '{ nope');
    await expect(loadSeedFile(json)).rejects.toThrow(/Cannot parse/);
  });
});
