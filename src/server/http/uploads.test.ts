import { describe, expect, it } from 'vitest';
import { detectFileType, downloadOf } from './uploads';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

// A stored file downloads with the extension and type of what its bytes are (issue 'Safe on the
// open internet', point 6), never the name or type its uploader gave.
describe('downloadOf', () => {
  it('gives the name the extension of the detected type', async () => {
    expect(downloadOf('poly.svg', await detectFileType(GIF))).toEqual({
      filename: 'poly.gif',
      contentType: 'image/gif',
    });
    expect(downloadOf('x.html', await detectFileType(PDF))).toEqual({
      filename: 'x.pdf',
      contentType: 'application/pdf',
    });
    expect(downloadOf('Passport scan', await detectFileType(PDF)).filename).toBe('Passport scan.pdf');
  });

  it('keeps a name that already says the type, in any case or spelling', () => {
    const jpeg = { ext: 'jpg', mime: 'image/jpeg' };
    expect(downloadOf('Room photo.JPG', jpeg).filename).toBe('Room photo.JPG');
    expect(downloadOf('Room photo.jpeg', jpeg).filename).toBe('Room photo.jpeg');
    expect(downloadOf('Hotel voucher – Lake District.pdf', { ext: 'pdf', mime: 'application/pdf' })).toEqual({
      filename: 'Hotel voucher – Lake District.pdf',
      contentType: 'application/pdf',
    });
  });

  it('sends unknown bytes as application/octet-stream named .bin', async () => {
    const html = await detectFileType(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html).toBeUndefined();
    expect(downloadOf('x.html', html)).toEqual({
      filename: 'x.bin',
      contentType: 'application/octet-stream',
    });
    expect(downloadOf('', undefined).filename).toBe('file.bin');
  });

  it('never sends a type a browser would run, whatever was detected', async () => {
    const xml = await detectFileType(
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(xml?.mime).toBe('application/xml');
    expect(downloadOf('poly.svg', xml)).toEqual({
      filename: 'poly.bin',
      contentType: 'application/octet-stream',
    });
    for (const mime of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/javascript'])
      expect(downloadOf('a.svg', { ext: 'svg', mime }).contentType).toBe('application/octet-stream');
  });
});
