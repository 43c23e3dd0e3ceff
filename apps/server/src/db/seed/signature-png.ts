import { crc32, deflateSync } from 'node:zlib';
import type { Random } from './random.ts';

const WIDTH = 220;
const HEIGHT = 64;

/**
 * A receiver's signature as a base64 PNG: a few strokes of a pen-like scribble on white, drawn from the generator
 * so each tote's signature differs but every run draws the same. Built by hand (IHDR, IDAT, IEND) with node:zlib,
 * so the seed needs no image library.
 */
export function signaturePng(rng: Random): string {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const strokes = rng.int(2, 3);
  let x = 10;
  for (let s = 0; s < strokes; s++) {
    const length = rng.int(50, 80);
    const amplitude = rng.int(8, 20);
    const frequency = 0.15 + rng.next() * 0.2;
    const phase = rng.next() * Math.PI;
    for (let t = 0; t < length * 4; t++) {
      const px = x + t / 4;
      const py = HEIGHT / 2 + amplitude * Math.sin(phase + (t / 4) * frequency) * Math.cos((t / 4) * 0.05);
      stamp(pixels, Math.round(px), Math.round(py));
    }
    x += length + rng.int(4, 12);
  }
  return encodePng(pixels).toString('base64');
}

// A 2x2 pen tip, so the line reads as ink and not as a hairline.
function stamp(pixels: Uint8Array, x: number, y: number): void {
  for (let dy = 0; dy < 2; dy++) {
    for (let dx = 0; dx < 2; dx++) {
      const px = x + dx;
      const py = y + dy;
      if (px >= 0 && px < WIDTH && py >= 0 && py < HEIGHT) pixels[py * WIDTH + px] = 20;
    }
  }
}

function encodePng(pixels: Uint8Array): Buffer {
  const raw = Buffer.alloc((WIDTH + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    // Each scanline starts with its filter type; 0 (none) keeps the encoder trivial.
    raw[y * (WIDTH + 1)] = 0;
    raw.set(pixels.subarray(y * WIDTH, (y + 1) * WIDTH), y * (WIDTH + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}
