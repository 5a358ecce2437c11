import { describe, expect, it } from 'vitest';
import { parseCsv, parseTranscriptCsv } from './transcript-csv';

describe('transcript CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });

  it('turns rows into speaker turns with times, whatever the column order', () => {
    const csv =
      'content,participantRole,beginOffsetMillis,endOffsetMillis\n' +
      '"Hello, thanks for calling",AGENT,0,2100\n' +
      'I need help,CUSTOMER,2500,4000\n';
    expect(parseTranscriptCsv(csv)).toEqual([
      {
        speaker: 'AGENT',
        speakerName: 'Agent',
        begin: 0,
        end: 2100,
        text: 'Hello, thanks for calling',
      },
      { speaker: 'CUSTOMER', speakerName: 'Customer', begin: 2500, end: 4000, text: 'I need help' },
    ]);
  });

  it('reads mm:ss times', () => {
    const [turn] = parseTranscriptCsv('speaker,start,end,text\nCUSTOMER,01:05,01:07.5,Hi\n');
    expect(turn).toMatchObject({ begin: 65_000, end: 67_500 });
  });
});
