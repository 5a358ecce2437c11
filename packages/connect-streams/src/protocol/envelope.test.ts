import { describe, expect, it } from 'vitest';
import { parseConduitMessage } from './envelope';

describe('conduit envelope', () => {
  it('accepts {event, data} and keeps the data as sent', () => {
    expect(parseConduitMessage({ event: 'synchronize', data: { id: 'a' } })).toEqual({
      event: 'synchronize',
      data: { id: 'a' },
    });
  });

  it('rejects a message without an event name', () => {
    expect(parseConduitMessage({ data: {} })).toBeUndefined();
    expect(parseConduitMessage('synchronize')).toBeUndefined();
    expect(parseConduitMessage({ event: '', data: null })).toBeUndefined();
  });
});
