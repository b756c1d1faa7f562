import { describe, expect, it } from 'vitest';
import { PokerHandRank } from '../domain/enums';
import { compareHands, evaluateHand, parseHand, type HandEvaluation } from './handInput';
import { TeenPattiCategory } from './teenPatti';

const evalText = (text: string): HandEvaluation => {
  const parsed = parseHand(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const e = evaluateHand(parsed.cards);
  if (!e) throw new Error('size');
  return e;
};

describe('parseHand', () => {
  it('reads ranks A/1, 2–10, T, J, Q, K and suits as letters or symbols, any case', () => {
    const p = parseHand('AS kd, 10h th 1c Q♦ 9♣');
    expect(p.ok).toBe(false); // 10h and th are the same card
    if (p.ok) return;
    expect(p.error).toEqual({ key: 'cards.duplicate', params: { hand: 1, card: '10H' } });
    const q = parseHand('AS kd 10h 1c Q♦ 9♣ 2♥ 3♠');
    expect(q.ok && evaluateHand(q.cards)).toBe(undefined);
    expect(q.ok && q.cards.length).toBe(8);
    expect(evalText('as kd qh').cards).toEqual([
      { code: 'AS', rank: 1, suit: 2 },
      { code: 'KD', rank: 13, suit: 4 },
      { code: 'QH', rank: 12, suit: 1 },
    ]);
    expect(evalText('TH 10s 10c').cards.map((c) => c.code)).toEqual(['10H', '10S', '10C']);
  });

  it('names the card and what is wrong with it', () => {
    expect(parseHand('AS ZD QH', 2)).toEqual({
      ok: false,
      error: { key: 'cards.unknownRank', params: { hand: 2, card: 'ZD', rank: 'Z' } },
    });
    expect(parseHand('AS KX QH')).toEqual({
      ok: false,
      error: { key: 'cards.unknownSuit', params: { hand: 1, card: 'KX', suit: 'X' } },
    });
    expect(parseHand('AS 11H QH')).toMatchObject({
      error: { key: 'cards.unknownRank', params: { rank: '11' } },
    });
    expect(parseHand('AS K QH')).toMatchObject({ error: { key: 'cards.incomplete', params: { card: 'K' } } });
    expect(parseHand('AS as QH')).toMatchObject({
      error: { key: 'cards.duplicate', params: { card: 'AS' } },
    });
    expect(parseHand('  ')).toEqual({ ok: false, error: { key: 'cards.empty', params: { hand: 1 } } });
  });
});

describe('evaluateHand and compareHands', () => {
  it('ranks three cards in Teen Patti and five in poker, with the spec numbers', () => {
    expect(evalText('AS KD QH')).toMatchObject({ game: 'teenPatti', rank: TeenPattiCategory.Sequence });
    expect(evalText('AH 2H 3H')).toMatchObject({ game: 'teenPatti', rank: TeenPattiCategory.PureSequence });
    expect(evalText('AH KH QH JH 10H')).toMatchObject({ game: 'poker', rank: PokerHandRank.RoyalFlush });
    expect(evalText('7H 7S KD KC 2H')).toMatchObject({ rank: PokerHandRank.TwoPairs, tieBreak: [13, 7, 2] });
  });

  it('says why a hand wins', () => {
    expect(compareHands(evalText('2H 2S 2D'), evalText('AH KH QH'))).toEqual({
      winner: 'a',
      reason: { kind: 'category' },
    });
    expect(compareHands(evalText('AH 2S 3D'), evalText('AC KS QD'))).toEqual({
      winner: 'b',
      reason: { kind: 'sequence' },
    });
    expect(compareHands(evalText('KH KS 9D'), evalText('KC KD 8H'))).toEqual({
      winner: 'a',
      reason: { kind: 'rank', winnerRank: '9', loserRank: '8' },
    });
    expect(compareHands(evalText('AH 9S 3D'), evalText('KC QD 9H'))).toEqual({
      winner: 'a',
      reason: { kind: 'rank', winnerRank: 'A', loserRank: 'K' },
    });
    expect(compareHands(evalText('AH KH QH'), evalText('AS KS QS'))).toEqual({
      winner: 'split',
      reason: { kind: 'split' },
    });
    expect(compareHands(evalText('9H 9S 9D 9C 2H'), evalText('9H 9S 9D 9C 3H'))).toMatchObject({
      winner: 'b',
      reason: { kind: 'rank', winnerRank: '3', loserRank: '2' },
    });
  });
});
