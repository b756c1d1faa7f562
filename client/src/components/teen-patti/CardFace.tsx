import { Suit } from '@dms/shared/domain/enums';
import { enumLabel } from '@dms/shared/domain/labels';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/lib/i18n/languages';

const SYMBOL: Readonly<Record<number, string>> = { 1: '♥', 2: '♠', 3: '♣', 4: '♦' };
const SUIT_OF_LETTER: Readonly<Record<string, number>> = { H: 1, S: 2, C: 3, D: 4 };

/** Props of {@link CardFace}. */
export interface CardFaceProps {
  /** A card code as the gateway writes it: `AS`, `10H`. */
  code: string;
}

/**
 * One playing card: its rank and suit symbol, red for hearts and diamonds; the suit's name in the
 * interface language as its accessible name. The code itself is data (`translate="no"`).
 */
export function CardFace({ code }: CardFaceProps) {
  const { i18n } = useTranslation();
  const suit = SUIT_OF_LETTER[code.slice(-1)] ?? 0;
  const rank = code.slice(0, -1);
  const red = suit === Suit.Hearts || suit === Suit.Diamonds;
  const suitName = enumLabel('suit', suit, languageOf(i18n.language)).text;
  return (
    <span
      className={`dms-card${red ? ' dms-card--red' : ''}`}
      translate="no"
      role="img"
      aria-label={`${rank} ${suitName}`}
      data-card={code}
    >
      {rank}
      {SYMBOL[suit] ?? '?'}
    </span>
  );
}

/** A hand: its cards side by side. */
export function HandFaces({ codes }: { codes: readonly string[] }) {
  return (
    <span className="dms-hand">
      {codes.map((c) => (
        <CardFace key={c} code={c} />
      ))}
    </span>
  );
}
