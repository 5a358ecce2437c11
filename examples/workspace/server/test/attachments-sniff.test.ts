// The attachment type check by magic bytes: a declared image or PDF type is taken only when the
// bytes agree, a generic type takes the recognised one, HTML and SVG are refused however declared,
// office files must have their container, text must be UTF-8 without NUL.
import { describe, expect, it } from 'vitest';
import { checkType } from '../src/modules/attachments/sniff';
import { cleanFilename } from '../src/modules/attachments/service';

const bytes = (s: string) => Buffer.from(s, 'latin1');
const PNG = bytes('\x89PNG\r\n\x1a\n....');
const JPEG = bytes('\xff\xd8\xff\xe0....');
const PDF = bytes('%PDF-1.7\n');
const ZIP = bytes('PK\x03\x04....');
const HTML = bytes('<!doctype html><script>alert(1)</script>');

describe('attachment type checks', () => {
  it('takes a declared image or PDF only when its magic bytes match', () => {
    expect(checkType(PNG, 'image/png')).toEqual({ ok: true, type: 'image/png' });
    expect(checkType(JPEG, 'image/jpg')).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkType(PDF, 'application/pdf; name=x.pdf')).toEqual({
      ok: true,
      type: 'application/pdf',
    });
    expect(checkType(HTML, 'image/png')).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(checkType(PNG, 'image/jpeg')).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('a generic type takes the type the bytes show, else is refused', () => {
    expect(checkType(PDF, 'application/octet-stream')).toEqual({
      ok: true,
      type: 'application/pdf',
    });
    expect(checkType(HTML, 'application/octet-stream')).toMatchObject({ ok: false });
    expect(checkType(HTML, null)).toMatchObject({ ok: false });
  });

  it('refuses HTML, SVG and scripts however declared', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/javascript', 'text/xml'])
      expect(checkType(HTML, type)).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('office files need their container; text is UTF-8 without NUL and not an image', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(checkType(ZIP, docx)).toEqual({ ok: true, type: docx });
    expect(checkType(HTML, docx)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(checkType(bytes('hello'), 'text/plain')).toEqual({ ok: true, type: 'text/plain' });
    expect(checkType(bytes('a\x00b'), 'text/plain')).toMatchObject({ ok: false });
    expect(checkType(bytes('\xff\xfe'), 'text/plain')).toMatchObject({ ok: false });
    expect(checkType(PNG, 'text/plain')).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('file names lose their path and control characters', () => {
    expect(cleanFilename('../../etc/passwd', 'text/plain')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\a\\photo.png', 'image/png')).toBe('photo.png');
    expect(cleanFilename('a\r\nb".png', 'image/png')).toBe('ab.png');
    expect(cleanFilename('', 'image/png')).toBe('attachment.png');
  });
});
