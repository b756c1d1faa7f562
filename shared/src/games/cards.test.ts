import { describe, expect, it } from 'vitest';
import { CardRank, Suit } from '../domain/enums';
import {
  cardCode,
  cardIndex,
  cardLabel,
  isCard,
  makeCard,
  newDeck,
  newShoe,
  parseCard,
  parseCards,
  rankOf,
  suitOf,
} from './cards';

describe('card encoding', () => {
  it('packs suit and rank into one number, suit in the high digit', () => {
    const king = makeCard(CardRank.King, Suit.Hearts);
    expect(king).toBe(0x1d);
    expect(rankOf(king)).toBe(CardRank.King);
    expect(suitOf(king)).toBe(Suit.Hearts);
    expect(makeCard(CardRank.Ace, Suit.Diamonds)).toBe(0x41);
  });

  it('refuses ranks and suits outside the enumerations', () => {
    expect(() => makeCard(0, 1)).toThrow(RangeError);
    expect(() => makeCard(14, 1)).toThrow(RangeError);
    expect(() => makeCard(1, 5)).toThrow(RangeError);
    expect(isCard(0)).toBe(false);
    expect(isCard(0x1e)).toBe(false);
    expect(isCard(0x2c)).toBe(true);
  });

  it('reads and writes card codes', () => {
    expect(parseCard('Ah')).toBe(makeCard(CardRank.Ace, Suit.Hearts));
    expect(parseCard('10S')).toBe(makeCard(CardRank.Ten, Suit.Spades));
    expect(parseCard('td')).toBe(makeCard(CardRank.Ten, Suit.Diamonds));
    expect(parseCards('Kc 2d')).toEqual([makeCard(13, Suit.Clubs), makeCard(2, Suit.Diamonds)]);
    expect(cardCode(parseCard('Qs'))).toBe('Qs');
    expect(cardLabel(parseCard('Td'))).toBe('10♦');
    expect(cardLabel(parseCard('Ah'))).toBe('A♥');
    expect(() => parseCard('1h')).toThrow(RangeError);
    expect(() => parseCard('Ax')).toThrow(RangeError);
  });
});

describe('decks and shoes', () => {
  it('builds a deck of 52 different cards with indexes 0 to 51', () => {
    const deck = newDeck();
    expect(new Set(deck).size).toBe(52);
    expect(deck.map(cardIndex)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(deck.every(isCard)).toBe(true);
  });

  it('builds an 8-deck shoe with 32 cards of every rank', () => {
    const shoe = newShoe(8);
    expect(shoe).toHaveLength(416);
    for (let rank = 1; rank <= 13; rank++) expect(shoe.filter((c) => rankOf(c) === rank)).toHaveLength(32);
    expect(() => newShoe(0)).toThrow(RangeError);
  });
});
