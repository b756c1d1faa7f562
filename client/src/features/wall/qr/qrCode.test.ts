import { describe, expect, it } from 'vitest';
import { encodeQr, penalty } from './qrCode';

/**
 * The symbol of this link at level M with mask 3, as made by an independent encoder (Project Nayuki's
 * reference QR Code generator, byte mode): every module must match.
 */
const LINK = 'http://127.0.0.1:8080/permission/display?code=ABCD-2345';
const REFERENCE_MASK_3 = [
  '#######.#.##....#.##.####.#######',
  '#.....#.#.#...#.#...#.##..#.....#',
  '#.###.#..#.######.##...##.#.###.#',
  '#.###.#.##..#..#.##.#..##.#.###.#',
  '#.###.#...####..#.###.#.#.#.###.#',
  '#.....#...#..#.#####..#...#.....#',
  '#######.#.#.#.#.#.#.#.#.#.#######',
  '........##..#..######..##........',
  '#.##.###.#.#..##.######...#..#.##',
  '#.####.#.#.###..#..#...#####.##.#',
  '#.##.###..##.#..###.#.##..####.##',
  '..#.##.##...#..##..#.......#.#..#',
  '.#....##...##.#########.##.###.##',
  '#...##.....####..#####..##.#...#.',
  '#..##.#.#.#.#......###..##..#....',
  '#...##...#.#...#..#.##.#.#..###..',
  '...####......#..#.##.#..#.#.###..',
  '.....#..#.##.###.......#..#.##.##',
  '..##.###.#..#.###....#..#.#.#.#..',
  '.......###.###...##.#.#.#####....',
  '.####.#.###.##.##..#...#.#...##.#',
  '#.#.##.###...#.##.##.#.#.##.....#',
  '...#..#......#.#.##.#..##.#....##',
  '.#..##.#...##.##..###..#.##.##..#',
  '#.##..#...#..##..#..#...######.#.',
  '........#....####.###.###...##...',
  '#######.#.#..##..###.####.#.#....',
  '#.....#.#.####.####..#..#...#.###',
  '#.###.#..#.#...######.#######.##.',
  '#.###.#.####.#..#..#######......#',
  '#.###.#.#....#.####.#..#####.#...',
  '#.....#...#####..#.##..###..#...#',
  '#######.#....#..########..#..##..',
];

const rows = (dark: boolean[][]) => dark.map((row) => row.map((d) => (d ? '#' : '.')).join(''));

/** The format bits read back from beside the top-left finder (level and mask), unmasked. */
function formatOf(dark: boolean[][]): { level: number; mask: number } {
  const at = (x: number, y: number) => (dark[y]?.[x] ? 1 : 0);
  const bits = [
    ...[0, 1, 2, 3, 4, 5].map((i) => at(8, i)),
    at(8, 7),
    at(8, 8),
    at(7, 8),
    ...[9, 10, 11, 12, 13, 14].map((i) => at(14 - i, 8)),
  ];
  const value = bits.reduce((acc, b, i) => acc | (b << i), 0) ^ 0x5412;
  return { level: value >>> 13, mask: (value >>> 10) & 7 };
}

describe('encodeQr', () => {
  it('matches an independent encoder module for module', () => {
    const symbol = encodeQr(LINK, 3);
    expect(symbol.version).toBe(4);
    expect(rows(symbol.dark)).toEqual(REFERENCE_MASK_3);
  });

  it('picks the mask of lowest penalty and writes it in the format bits', () => {
    const symbol = encodeQr(LINK);
    const scores = [0, 1, 2, 3, 4, 5, 6, 7].map((m) => penalty(encodeQr(LINK, m).dark));
    expect(scores[symbol.mask]).toBe(Math.min(...scores));
    expect(formatOf(symbol.dark)).toEqual({ level: 0, mask: symbol.mask });
  });

  it('grows the version with the text and refuses what no version up to 10 holds', () => {
    expect(encodeQr('x').version).toBe(1);
    expect(encodeQr('x'.repeat(150)).size).toBe(8 * 4 + 17);
    expect(encodeQr('x'.repeat(213)).version).toBe(10);
    expect(() => encodeQr('x'.repeat(214))).toThrow(RangeError);
  });
});
