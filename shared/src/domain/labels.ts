/**
 * Labels, not codes: every enumerated value the platform sends or the product stores (games, bet types,
 * bonus and prize kinds, devices, directions, risk levels, …) has a label in each interface language here,
 * and screens and exports alike show values through {@link enumLabel}. A value the platform sends that is
 * not listed is shown as itself, marked unknown (`known: false`), never dropped or guessed.
 *
 * The label key of a value is `enum:<name>.<value>` (see {@link enumLabelKey}); the client registers these
 * texts as its i18next namespace `enum`, so `t('enum:bonusKind.rebate')` works too. Words follow
 * docs/GLOSSARY.md (a unit test holds them to it). Adding a value or an enumeration: add it below in the
 * four languages; nothing else needs to change.
 */

/** An interface language. */
export type Lang = 'zh' | 'en' | 'es' | 'ja';

/** A text in the four languages. */
export type Texts = Readonly<Record<Lang, string>>;

const L = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

/** The enumerations and the label of each of their values, keyed by the value as the wire writes it. */
export const ENUM_LABELS = {
  /** Games by `gameId` (spec: game list entry). */
  game: {
    '1': L('百家乐', 'Baccarat', 'Baccarat', 'バカラ'),
    '2': L('炸金花', 'Teen Patti', 'Teen Patti', 'ティーンパッティ'),
  },
  /** Bet types of `bet.placed.betType` (games.ts). */
  betType: {
    banker: L('庄', 'Banker', 'Banca', 'バンカー'),
    player: L('闲', 'Player', 'Jugador', 'プレイヤー'),
    tie: L('和', 'Tie', 'Empate', 'タイ'),
    banker_pair: L('庄对', 'Banker Pair', 'Pareja de la banca', 'バンカーペア'),
    player_pair: L('闲对', 'Player Pair', 'Pareja del jugador', 'プレイヤーペア'),
    player_a: L('玩家A', 'Player A', 'Jugador A', 'プレイヤーA'),
    player_b: L('玩家B', 'Player B', 'Jugador B', 'プレイヤーB'),
    pair_plus: L('对子加', 'Pair Plus', 'Pair Plus', 'ペアプラス'),
  },
  /** Kinds of `bonus.granted.kind`. */
  bonusKind: {
    deposit_bonus: L('存款红利', 'Deposit bonus', 'Bono de depósito', '入金ボーナス'),
    welcome: L('新人红利', 'Welcome bonus', 'Bono de bienvenida', 'ウェルカムボーナス'),
    rebate: L('返水', 'Rebate', 'Reembolso', 'リベート'),
    cashback: L('返现', 'Cashback', 'Reintegro', 'キャッシュバック'),
    birthday: L('生日红利', 'Birthday bonus', 'Bono de cumpleaños', '誕生日ボーナス'),
    referral: L('推荐红利', 'Referral bonus', 'Bono por recomendación', '紹介ボーナス'),
  },
  /** Kinds of `prize.awarded.kind`. */
  prizeKind: {
    lucky_draw: L('幸运抽奖', 'Lucky draw', 'Sorteo', 'ラッキードロー'),
    vip_reward: L('VIP 奖励', 'VIP reward', 'Recompensa VIP', 'VIP 特典'),
    tournament: L('锦标赛奖金', 'Tournament prize', 'Premio de torneo', 'トーナメント賞金'),
    jackpot: L('彩池大奖', 'Jackpot', 'Bote', 'ジャックポット'),
  },
  /** Devices of `player.registered.device` and `player.login.device`. */
  device: {
    android: L('安卓', 'Android', 'Android', 'Android'),
    ios: L('苹果', 'iOS', 'iOS', 'iOS'),
    h5: L('网页', 'Web (H5)', 'Web (H5)', 'ウェブ'),
    pc: L('电脑', 'PC', 'PC', 'パソコン'),
  },
  /** `transfer.direction`: 0 out, 1 in (spec: operation labels). */
  transferDirection: {
    '0': L('转出', 'transfer out', 'transferencia saliente', '出金'),
    '1': L('转入', 'transfer in', 'transferencia entrante', '入金'),
  },
  /** A bet's direction: 0 the bet, 1 its result (spec: operation labels). */
  betDirection: {
    '0': L('投注', 'bet', 'apuesta', 'ベット'),
    '1': L('投注结果', 'bet result', 'resultado de apuesta', 'ベット結果'),
  },
  /** Risk levels (spec: abnormal, middle risk, high risk). */
  riskLevel: {
    '1': L('异常', 'abnormal', 'anómalo', '異常'),
    '2': L('中风险', 'middle risk', 'riesgo medio', '中リスク'),
    '3': L('高风险', 'high risk', 'riesgo alto', '高リスク'),
  },
  /** Machine (table) types: 0 small, 1 medium, 2 big. */
  machineType: {
    '0': L('小', 'small', 'pequeña', '小'),
    '1': L('中', 'medium', 'mediana', '中'),
    '2': L('大', 'big', 'grande', '大'),
  },
  /** Poker hand ranking (Teen Patti tools). */
  handRank: {
    '0': L('无', 'None', 'Ninguna', 'なし'),
    '1': L('高牌', 'High card', 'Carta alta', 'ハイカード'),
    '2': L('对子', 'Pair', 'Pareja', 'ワンペア'),
    '3': L('两对', 'Two pairs', 'Doble pareja', 'ツーペア'),
    '4': L('三条', 'Three of a kind', 'Trío', 'スリーカード'),
    '5': L('顺子', 'Straight', 'Escalera', 'ストレート'),
    '6': L('同花', 'Flush', 'Color', 'フラッシュ'),
    '7': L('葫芦', 'Full house', 'Full', 'フルハウス'),
    '8': L('四条', 'Four of a kind', 'Póquer', 'フォーカード'),
    '9': L('同花顺', 'Straight flush', 'Escalera de color', 'ストレートフラッシュ'),
    '10': L('皇家同花顺', 'Royal flush', 'Escalera real', 'ロイヤルフラッシュ'),
  },
  /** Teen Patti hand categories (`games/teenPatti.ts`), weakest first. */
  teenPattiHand: {
    '1': L('单张', 'High card', 'Carta alta', 'ハイカード'),
    '2': L('对子', 'Pair', 'Pareja', 'ペア'),
    '3': L('金花', 'Colour', 'Color', 'カラー'),
    '4': L('顺子', 'Sequence', 'Escalera', 'シークエンス'),
    '5': L('同花顺', 'Pure sequence', 'Escalera de color', 'ピュアシークエンス'),
    '6': L('豹子', 'Trail', 'Trío', 'トレイル'),
  },
  /** Card suits. */
  suit: {
    '0': L('无', 'None', 'Ninguno', 'なし'),
    '1': L('红桃', 'Hearts', 'Corazones', 'ハート'),
    '2': L('黑桃', 'Spades', 'Picas', 'スペード'),
    '3': L('梅花', 'Clubs', 'Tréboles', 'クラブ'),
    '4': L('方块', 'Diamonds', 'Diamantes', 'ダイヤ'),
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, Texts>>>>;

/** The name of an enumeration of {@link ENUM_LABELS}. */
export type EnumName = keyof typeof ENUM_LABELS;

/** The names of every enumeration. */
export const ENUM_NAMES = Object.keys(ENUM_LABELS) as EnumName[];

/** How an unknown value is marked where only text can carry the mark (exports): "vip_gold (未知)". */
export const UNKNOWN_VALUE_MARK: Texts = L('未知', 'unknown', 'desconocido', '不明');

/** A value's label: its text in the language, and whether the value is one the product knows. */
export interface EnumText {
  text: string;
  known: boolean;
}

/** The i18n key of a value's label (`enum:<name>.<value>`), whether or not the value is known. */
export function enumLabelKey(name: EnumName, value: string | number): string {
  return `enum:${name}.${String(value)}`;
}

/** The labels of one enumeration's values in a language, for lookups in a loop (exports). */
export function enumTexts(name: EnumName, lang: Lang): ReadonlyMap<string, string> {
  return new Map(Object.entries(ENUM_LABELS[name] as Record<string, Texts>).map(([v, t]) => [v, t[lang]]));
}

/**
 * The label of a value in a language. An unknown value (the platform sent something this version does not
 * list) comes back as itself with `known: false`, so that the caller marks it; null and undefined are ''.
 */
export function enumLabel(name: EnumName, value: string | number | null | undefined, lang: Lang): EnumText {
  if (value === null || value === undefined || value === '') return { text: '', known: true };
  const texts = (ENUM_LABELS[name] as Readonly<Record<string, Texts>>)[String(value)];
  return texts ? { text: texts[lang], known: true } : { text: String(value), known: false };
}

/** The label of a value as plain text: an unknown value is written with its mark, "vip_gold (unknown)". */
export function enumLabelText(name: EnumName, value: string | number | null | undefined, lang: Lang): string {
  const label = enumLabel(name, value, lang);
  return label.known ? label.text : unknownValueText(label.text, lang);
}

/** An unknown value written with its mark, as exports show it. */
export function unknownValueText(value: string, lang: Lang): string {
  return lang === 'zh' || lang === 'ja'
    ? `${value}（${UNKNOWN_VALUE_MARK[lang]}）`
    : `${value} (${UNKNOWN_VALUE_MARK[lang]})`;
}

/** The i18next resources of one language's labels: `{<name>: {<value>: text}}` (namespace `enum`). */
export function enumResources(lang: Lang): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const name of ENUM_NAMES) {
    out[name] = Object.fromEntries(
      Object.entries(ENUM_LABELS[name] as Record<string, Texts>).map(([v, t]) => [v, t[lang]]),
    );
  }
  return out;
}
