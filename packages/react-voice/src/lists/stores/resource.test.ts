import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../../test/fixtures/panel-data';
import { Resource } from './resource';

/** A promise settled by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('a loaded list', () => {
  it('starts loading, then shows the answer', async () => {
    const resource = new Resource({ load: () => Promise.resolve(['a']) });
    expect(resource.getSnapshot()).toEqual({ status: 'loading', data: null, error: null });
    resource.start();
    await tick();
    expect(resource.getSnapshot()).toEqual({ status: 'ready', data: ['a'], error: null });
  });

  it('a failed load shows the error and keeps the data', async () => {
    let fail = false;
    const resource = new Resource({
      load: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(1)),
    });
    resource.start();
    await tick();
    fail = true;
    await resource.reload();
    const s = resource.getSnapshot();
    expect(s.status).toBe('error');
    expect(s.data).toBe(1);
    expect(s.error).not.toBeNull();
  });

  it('an older answer never replaces a newer one', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let n = 0;
    const resource = new Resource({ load: () => answers[n++]!.promise });
    resource.start();
    void resource.reload();
    answers[1]!.resolve('new');
    await tick();
    expect(resource.getSnapshot()).toMatchObject({ status: 'ready', data: 'new' });
    answers[0]!.resolve('old');
    await tick();
    expect(resource.getSnapshot().data).toBe('new');
  });

  it('an answer of a load begun before another one shows while the later load runs', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let n = 0;
    const resource = new Resource({ load: () => answers[n++]!.promise });
    resource.start();
    void resource.reload();
    answers[0]!.resolve('first');
    await tick();
    expect(resource.getSnapshot()).toMatchObject({ status: 'loading', data: 'first' });
  });

  it('drops the answers of loads begun before stop', async () => {
    const answer = deferred<string>();
    const resource = new Resource({ load: () => answer.promise });
    resource.start();
    resource.stop();
    answer.resolve('late');
    await tick();
    expect(resource.getSnapshot()).toMatchObject({ status: 'loading', data: null });
  });

  it('keeps its answer for the next list of the same owner', async () => {
    const owner = {};
    const first = new Resource({ load: () => Promise.resolve('kept'), keep: { owner, name: 'x' } });
    first.start();
    await tick();
    const next = new Resource({
      load: () => new Promise<string>(() => {}),
      keep: { owner, name: 'x' },
    });
    expect(next.getSnapshot()).toEqual({ status: 'loading', data: 'kept', error: null });
    const other = new Resource({ load: () => Promise.resolve(''), keep: { owner: {}, name: 'x' } });
    expect(other.getSnapshot().data).toBeNull();
  });

  it('hands each answer to commit', async () => {
    const commits: string[] = [];
    const resource = new Resource({
      load: () => Promise.resolve(1),
      commit: (apply) => {
        commits.push(resource.getSnapshot().status);
        apply();
      },
    });
    resource.start();
    await tick();
    expect(commits).toEqual(['loading']);
  });

  it('reloads on its live events, at most two at once and once more after a burst', async () => {
    const events = liveEvents();
    const answers: ReturnType<typeof deferred<number>>[] = [];
    const resource = new Resource({
      load: () => {
        answers.push(deferred<number>());
        return answers[answers.length - 1]!.promise;
      },
      live: { subscribe: events.subscribe, types: ['call.updated'] },
    });
    resource.start();
    answers[0]!.resolve(0);
    await tick();
    expect(answers).toHaveLength(1);
    events.emit({ type: 'agent.updated', id: 'a' });
    expect(answers).toHaveLength(1);
    for (let i = 0; i < 5; i++) events.emit({ type: 'call.updated', id: 'c' });
    expect(answers).toHaveLength(3);
    answers[1]!.resolve(1);
    await tick();
    expect(answers).toHaveLength(4);
    answers[2]!.resolve(2);
    answers[3]!.resolve(3);
    await tick();
    expect(answers).toHaveLength(4);
    expect(resource.getSnapshot()).toMatchObject({ status: 'ready', data: 3 });
    resource.stop();
    expect(events.listeners).toBe(0);
  });
});
