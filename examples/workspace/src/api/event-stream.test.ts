import { describe, expect, it } from 'vitest';
import { createEventParser } from './event-stream';
import type { StreamEvent } from './event-stream';

describe('event stream parser', () => {
  it('reads events split across chunks, with comments, ids, event names and multi-line data', () => {
    const events: StreamEvent[] = [];
    const parse = createEventParser((e) => events.push(e));
    parse(': keep-alive\n\nid: 7\nevent: call.upd');
    parse('ated\ndata: {"a":1}\n\ndata: line 1\r\ndata: line 2\r\n\r\n');
    expect(events).toEqual([
      { event: 'call.updated', data: '{"a":1}', id: '7' },
      { event: 'message', data: 'line 1\nline 2', id: '7' },
    ]);
  });
});
