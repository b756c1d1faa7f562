import { deflateSync } from 'node:zlib';
import { GameId } from '@dms/shared/domain/games';

/**
 * The icons of the tables the simulator configures on a fresh install (icons are required): a 48×48 PNG per
 * game, a square of the game's colour with a darker frame and the game's initials in white (Baccarat "B" on
 * red, Teen Patti "TP" on green, another game grey without letters), drawn here so that no image file has to
 * ship. An administrator replaces it with Edit.
 */

const SIZE = 48;
const FRAME = 4;
const COLOURS: Record<number, { fill: [number, number, number]; frame: [number, number, number] }> = {
  [GameId.Baccarat]: { fill: [0xcd, 0x42, 0x46], frame: [0x8e, 0x29, 0x2c] },
  [GameId.TeenPatti]: { fill: [0x23, 0x85, 0x51], frame: [0x16, 0x5a, 0x36] },
};
const GREY = { fill: [0x73, 0x80, 0x91], frame: [0x4a, 0x55, 0x63] } as const;
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];
/** 5×7 glyphs of the initials, a row a string. */
const GLYPHS: Record<string, readonly string[]> = {
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
};
const INITIALS: Record<number, string> = { [GameId.Baccarat]: 'B', [GameId.TeenPatti]: 'TP' };
const SCALE = 3;

/** Whether pixel (x, y) of the icon lies on a stroke of `text`, centred. */
function onText(text: string, x: number, y: number): boolean {
  const width = (text.length * 6 - 1) * SCALE;
  const left = Math.floor((SIZE - width) / 2);
  const top = Math.floor((SIZE - 7 * SCALE) / 2);
  const gx = Math.floor((x - left) / SCALE);
  const gy = Math.floor((y - top) / SCALE);
  if (x < left || y < top || gy >= 7 || gx >= text.length * 6) return false;
  const glyph = GLYPHS[text[Math.floor(gx / 6)] as string];
  return glyph?.[gy]?.[gx % 6] === '#';
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The default icon of a table of `gameId`: PNG bytes. */
export function defaultTableIcon(gameId: number): Uint8Array {
  const { fill, frame } = COLOURS[gameId] ?? GREY;
  const text = INITIALS[gameId] ?? '';
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const edge = x < FRAME || y < FRAME || x >= SIZE - FRAME || y >= SIZE - FRAME;
      const [r, g, b] = edge ? frame : onText(text, x, y) ? WHITE : fill;
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
