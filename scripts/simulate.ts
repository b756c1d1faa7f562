/**
 * Plays seeded rounds with the game rules of `shared` and prints what came out next to the exact odds:
 *
 *   npm run simulate -- --game baccarat|teenpatti --rounds N [--seed S]
 *
 * Baccarat: frequency of each outcome and pair, and the empirical house edge of each bet (settled with
 * `settleBet` on a stake of 100.00), beside the exact 8-deck values. Teen Patti: frequency of each hand
 * category over the dealt hands and the heads-up result of each round, beside the exact values.
 * The output is JSON on stdout. Bad arguments print an error on stderr and exit with status 2.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { BaccaratBet } from '@dms/shared/games/baccarat';
import { analyzeBaccarat, BACCARAT_BETS, BaccaratShoe, settleBet } from '@dms/shared/games/baccarat';
import { createRng } from '@dms/shared/games/rng';
import type { TeenPattiCategory } from '@dms/shared/games/teenPatti';
import {
  analyzeTeenPatti,
  dealTeenPatti,
  evaluateTeenPatti,
  TEEN_PATTI_CATEGORY_LABELS_EN,
} from '@dms/shared/games/teenPatti';

const USAGE = 'usage: npm run simulate -- --game baccarat|teenpatti --rounds N [--seed S]';
const MAX_ROUNDS = 1_000_000_000;
const GAMES = ['baccarat', 'teenpatti'] as const;
type Game = (typeof GAMES)[number];

interface Args {
  game: Game;
  rounds: number;
  seed: string;
}

class UsageError extends Error {}

function readArgs(argv: string[]): Args | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        game: { type: 'string' },
        rounds: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const game = values.game;
  if (game === undefined) throw new UsageError('--game is required');
  if (!(GAMES as readonly string[]).includes(game)) {
    throw new UsageError(`--game must be one of ${GAMES.join(', ')}, got ${JSON.stringify(game)}`);
  }
  const roundsText = values.rounds;
  if (roundsText === undefined) throw new UsageError('--rounds is required');
  // Plain digits, with optional _ separators or an exponent: 1000000, 1_000_000, 1e6.
  const rounds = /^\d[\d_]*(e\d+)?$/i.test(roundsText) ? Number(roundsText.replaceAll('_', '')) : Number.NaN;
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) {
    throw new UsageError(
      `--rounds must be a whole number from 1 to ${MAX_ROUNDS}, got ${JSON.stringify(roundsText)}`,
    );
  }
  const seed = values.seed ?? `${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  if (seed === '') throw new UsageError('--seed must not be empty');
  return { game: game as Game, rounds, seed };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function simulateBaccarat(rounds: number, seed: string): object {
  const stake = 10_000; // 100.00 in minor units: the 5 % commission floors nothing away
  const exact = analyzeBaccarat();
  const shoe = new BaccaratShoe(createRng(seed));
  const counts = { banker: 0, player: 0, tie: 0, bankerPair: 0, playerPair: 0, natural: 0 };
  const net: Record<BaccaratBet, number> = { banker: 0, player: 0, tie: 0, bankerPair: 0, playerPair: 0 };

  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const round = shoe.dealRound();
    counts[round.winner]++;
    if (round.bankerPair) counts.bankerPair++;
    if (round.playerPair) counts.playerPair++;
    if (round.natural) counts.natural++;
    for (const bet of BACCARAT_BETS) net[bet] += settleBet(bet, stake, round) - stake;
  }
  const elapsedMs = performance.now() - started;

  const exactFrequency: Record<keyof typeof counts, number | null> = {
    ...exact.probabilities,
    bankerPair: exact.pairProbability,
    playerPair: exact.pairProbability,
    natural: null,
  };
  const outcomes = Object.fromEntries(
    (Object.keys(counts) as (keyof typeof counts)[]).map((key) => [
      key,
      {
        count: counts[key],
        frequency: round6(counts[key] / rounds),
        exact: exactFrequency[key] === null ? null : round6(exactFrequency[key]),
      },
    ]),
  );
  const houseEdge = Object.fromEntries(
    BACCARAT_BETS.map((bet) => [
      bet,
      {
        empiricalPercent: Math.round((-net[bet] / (stake * rounds)) * 1e6) / 1e4,
        exactPercent: Math.round(exact.houseEdge[bet] * 1e6) / 1e4,
      },
    ]),
  );
  return {
    game: 'baccarat',
    rules: { decks: shoe.decks, cutCardFromEnd: shoe.cutCardFromEnd, stakePerBet: stake },
    rounds,
    shoes: shoe.shoeNumber,
    elapsedMs: Math.round(elapsedMs),
    roundsPerSecond: Math.round(rounds / (elapsedMs / 1000)),
    outcomes,
    houseEdge,
  };
}

function simulateTeenPatti(rounds: number, seed: string): object {
  const exact = analyzeTeenPatti();
  const rng = createRng(seed);
  const categoryCounts: Record<TeenPattiCategory, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  const headsUp = { firstWins: 0, secondWins: 0, split: 0 };

  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const [first = [], second = []] = dealTeenPatti(rng, 2);
    const a = evaluateTeenPatti(first);
    const b = evaluateTeenPatti(second);
    categoryCounts[a.category]++;
    categoryCounts[b.category]++;
    if (a.value > b.value) headsUp.firstWins++;
    else if (a.value < b.value) headsUp.secondWins++;
    else headsUp.split++;
  }
  const elapsedMs = performance.now() - started;

  const hands = 2 * rounds;
  const categories = Object.fromEntries(
    (Object.keys(categoryCounts) as `${TeenPattiCategory}`[])
      .map((key) => Number(key) as TeenPattiCategory)
      .sort((a, b) => b - a)
      .map((category) => [
        TEEN_PATTI_CATEGORY_LABELS_EN[category],
        {
          count: categoryCounts[category],
          frequency: round6(categoryCounts[category] / hands),
          exact: round6(exact.categoryProbabilities[category]),
        },
      ]),
  );
  const tie = exact.headsUpTieProbability;
  return {
    game: 'teenpatti',
    rounds,
    hands,
    elapsedMs: Math.round(elapsedMs),
    roundsPerSecond: Math.round(rounds / (elapsedMs / 1000)),
    categories,
    headsUp: {
      firstWins: {
        count: headsUp.firstWins,
        frequency: round6(headsUp.firstWins / rounds),
        exact: round6((1 - tie) / 2),
      },
      secondWins: {
        count: headsUp.secondWins,
        frequency: round6(headsUp.secondWins / rounds),
        exact: round6((1 - tie) / 2),
      },
      split: { count: headsUp.split, frequency: round6(headsUp.split / rounds), exact: round6(tie) },
    },
  };
}

function main(): number {
  let args: Args | 'help';
  try {
    args = readArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`simulate: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const result =
    args.game === 'baccarat'
      ? simulateBaccarat(args.rounds, args.seed)
      : simulateTeenPatti(args.rounds, args.seed);
  process.stdout.write(`${JSON.stringify({ seed: args.seed, ...result }, null, 2)}\n`);
  return 0;
}

process.exitCode = main();
