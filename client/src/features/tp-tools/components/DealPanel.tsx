import { useState } from 'react';
import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { cardText } from '@dms/shared/games/handInput';
import { showdown } from '@dms/shared/games/teenPatti';
import { dealFromSeed, SIM_MAX_PLAYERS } from '@dms/shared/games/teenPattiSim';
import { EnumValue } from '@/components/labels/EnumValue';
import { HandFaces } from '@/components/teen-patti/CardFace';

interface Deal {
  seed: string;
  hands: string[][];
  categories: number[];
  winners: number[];
}

/** The deal of a seed, dealt here with the shared generator: the gateway and the simulations deal the same. */
function dealOf(seed: string, players: number): Deal {
  const hands = dealFromSeed(seed, players);
  const result = showdown(hands);
  return {
    seed,
    hands: hands.map((h) => h.map(cardText)),
    categories: result.hands.map((h) => h.category),
    winners: result.winners.map((w) => w + 1),
  };
}

/**
 * Deal from a seed: a seed and a number of players give one deal, the same wherever it is dealt (the
 * shared `rng`). Round i of a simulation with seed s is the deal of the seed `s#i`.
 */
export function DealPanel() {
  const { t } = useTranslation('tpTools');
  const [seed, setSeed] = useState('demo');
  const [players, setPlayers] = useState(2);
  const [deal, setDeal] = useState<Deal>();
  const trimmed = seed.trim();
  return (
    <div className="dms-tp__panel">
      <p className={Classes.TEXT_MUTED}>{t('deal.hint')}</p>
      <form
        className="dms-tp__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) setDeal(dealOf(trimmed, players));
        }}
      >
        <FormGroup label={t('deal.seed')} labelFor="dms-tp-deal-seed">
          <InputGroup
            id="dms-tp-deal-seed"
            value={seed}
            maxLength={64}
            onChange={(e) => setSeed(e.currentTarget.value)}
            intent={trimmed ? Intent.NONE : Intent.DANGER}
          />
        </FormGroup>
        <FormGroup label={t('deal.players')} labelFor="dms-tp-deal-players">
          <HTMLSelect
            id="dms-tp-deal-players"
            value={players}
            onChange={(e) => setPlayers(Number(e.currentTarget.value))}
            options={Array.from({ length: SIM_MAX_PLAYERS }, (_, i) => ({
              value: i + 1,
              label: String(i + 1),
            }))}
          />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="random"
          text={t('deal.deal')}
          disabled={!trimmed}
        />
      </form>
      {deal && (
        <div className="dms-tp__scroll">
          <HTMLTable compact striped className="dms-tp__deal" data-testid="deal-table">
            <thead>
              <tr>
                <th scope="col">{t('deal.seat')}</th>
                <th scope="col">{t('deal.cards')}</th>
                <th scope="col">{t('deal.hand')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {deal.hands.map((h, i) => (
                <tr key={i}>
                  <td>{t('deal.seatN', { seat: i + 1 })}</td>
                  <td>
                    <HandFaces codes={h} />
                  </td>
                  <td>
                    <EnumValue name="teenPattiHand" value={deal.categories[i]} />
                  </td>
                  <td>
                    {deal.winners.includes(i + 1) && (
                      <Tag intent={Intent.SUCCESS} minimal>
                        {deal.winners.length > 1 ? t('deal.split') : t('deal.winner')}
                      </Tag>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
