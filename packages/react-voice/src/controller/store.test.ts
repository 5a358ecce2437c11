import { describe, expect, it } from 'vitest';
import { VoiceController } from './voice-controller';
import { fakeApi } from '../../test/fake-api';
import { sameValue, VoiceStore } from './store';

describe('the voice store', () => {
  const initial = () => new VoiceController({ api: fakeApi() }).getState();

  it('an update with equal values changes nothing and notifies no one', () => {
    const store = new VoiceStore(initial());
    let notified = 0;
    store.subscribe(() => notified++);
    const before = store.getState();
    store.update('call', { status: 'idle', info: null, digits: '' });
    expect(store.getState()).toBe(before);
    expect(notified).toBe(0);
  });

  it('a changed field replaces only its slice; equal nested values keep their identity', () => {
    const store = new VoiceStore(initial());
    const before = store.getState();
    store.update('agent', {
      options: [
        { name: 'Available', type: 'routable', kind: 'available', label: { key: 'statusOn' } },
      ],
    });
    const options = store.getState().agent.options;
    store.update('agent', {
      name: 'Available',
      options: [
        { name: 'Available', type: 'routable', kind: 'available', label: { key: 'statusOn' } },
      ],
    });
    expect(store.getState().agent.options).toBe(options);
    expect(store.getState().call).toBe(before.call);
    expect(store.getState().agent).not.toBe(before.agent);
  });

  it('a batch notifies once', () => {
    const store = new VoiceStore(initial());
    let notified = 0;
    store.subscribe(() => notified++);
    store.batch(() => {
      store.update('call', { digits: '1' });
      store.update('call', { digits: '12' });
      store.update('agent', { name: 'Busy' });
    });
    expect(notified).toBe(1);
  });

  it('compares plain data by value', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [2] })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(new Date(1), new Date(1))).toBe(false);
  });
});
