import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodePicture } from './picture.ts';

const red = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: '#c00' } })
    .toFormat(format)
    .toBuffer();

describe('uploaded pictures are decoded and encoded again', () => {
  it.each([
    ['png', 'png'],
    ['jpeg', 'jpg'],
    ['gif', 'gif'],
    ['webp', 'webp'],
  ] as const)('keeps a %s a %s', async (format, type) => {
    const out = await reencodePicture(await red(format));
    expect(out?.type).toBe(type);
    expect((await sharp(out!.bytes).metadata()).format).toBe(format);
  });

  it('drops HTML and script appended after a PNG', async () => {
    const polyglot = Buffer.concat([await red('png'), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const out = await reencodePicture(polyglot);
    expect(out?.type).toBe('png');
    expect(out!.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect(out!.bytes.includes(Buffer.from('<html>'))).toBe(false);
  });

  it('drops metadata such as EXIF', async () => {
    const withExif = await sharp(await red('jpeg'))
      .withExif({ IFD0: { ImageDescription: 'secret-location' } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-location'))).toBe(true);
    const out = await reencodePicture(withExif);
    expect(out!.bytes.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('scales a large picture down to fit 1600 px', async () => {
    const out = await reencodePicture(await red('png', 3200, 1000));
    expect(await sharp(out!.bytes).metadata()).toMatchObject({ width: 1600, height: 500 });
  });

  it.each([
    ['text', Buffer.from('hello, not a picture')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ])('refuses %s', async (_, bytes) => {
    expect(await reencodePicture(bytes)).toBeUndefined();
  });
});
