import { describe, expect, it } from 'vitest';
import {
  CardRank,
  isEnumValue,
  MachineType,
  OPERATION_LABELS_EN,
  operationLabelKey,
  PokerHandRank,
  RISK_LEVEL_LABEL_KEYS,
  RISK_LEVEL_LABELS_EN,
  RiskLevel,
  Suit,
} from './enums';

describe('spec enumerations', () => {
  it('numbers machine types 0 small, 1 medium, 2 big', () => {
    expect(MachineType).toEqual({ Small: 0, Medium: 1, Big: 2 });
  });

  it('numbers poker hand ranks from None 0 to RoyalFlush 10 in order', () => {
    expect(Object.entries(PokerHandRank)).toEqual([
      ['None', 0],
      ['HighCard', 1],
      ['Pair', 2],
      ['TwoPairs', 3],
      ['ThreeOfAKind', 4],
      ['Straight', 5],
      ['Flush', 6],
      ['FullHouse', 7],
      ['FourOfAKind', 8],
      ['StraightFlush', 9],
      ['RoyalFlush', 10],
    ]);
  });

  it('numbers card ranks Default 0, Ace 1 to King 13', () => {
    expect(CardRank.Default).toBe(0);
    expect(CardRank.Ace).toBe(1);
    expect(CardRank.Ten).toBe(10);
    expect(CardRank.Jack).toBe(11);
    expect(CardRank.Queen).toBe(12);
    expect(CardRank.King).toBe(13);
    expect(Object.values(CardRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('numbers suits Default 0, Hearts 1, Spades 2, Clubs 3, Diamonds 4', () => {
    expect(Suit).toEqual({ Default: 0, Hearts: 1, Spades: 2, Clubs: 3, Diamonds: 4 });
  });

  it('numbers risk levels abnormal 1, middle 2, high 3 with their labels', () => {
    expect(RiskLevel).toEqual({ Abnormal: 1, Middle: 2, High: 3 });
    expect(RISK_LEVEL_LABEL_KEYS[RiskLevel.High]).toBe('risk.high');
    expect(RISK_LEVEL_LABELS_EN[RiskLevel.Middle]).toBe('middle risk');
    expect(RISK_LEVEL_LABELS_EN[RiskLevel.Abnormal]).toBe('abnormal');
  });
});

describe('operationLabelKey', () => {
  it('labels a bet with direction 0 as the bet and any other direction as its result', () => {
    expect(operationLabelKey('bet', 0)).toBe('op.bet');
    expect(operationLabelKey('bet', 1)).toBe('op.betResult');
    expect(operationLabelKey('bet', 2)).toBe('op.betResult');
  });

  it('labels a transfer with direction 0 as out and any other direction as in', () => {
    expect(operationLabelKey('transfer', 0)).toBe('op.transferOut');
    expect(operationLabelKey('transfer', 1)).toBe('op.transferIn');
  });

  it('has an English label for every key', () => {
    expect(OPERATION_LABELS_EN['op.betResult']).toBe('bet result');
    expect(OPERATION_LABELS_EN['op.transferOut']).toBe('transfer out');
  });
});

describe('isEnumValue', () => {
  it('accepts values of the enumeration and refuses others', () => {
    expect(isEnumValue(Suit, 4)).toBe(true);
    expect(isEnumValue(Suit, 5)).toBe(false);
    expect(isEnumValue(Suit, '1')).toBe(false);
  });
});
