import { useState } from 'react';
import { Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TpEvaluateResult } from '@dms/shared/contracts/http/teenPatti';
import { EnumValue } from '@/components/labels/EnumValue';
import { HandFaces } from '@/components/teen-patti/CardFace';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { useTpEvaluateMutation } from '@/lib/api/teenPattiApi';

/** Examples of the input, written as cards are (not translated). */
const EXAMPLE_A = 'AS KD QH';
const EXAMPLE_B = '10H TC 9D';

type Hand = TpEvaluateResult['hands'][number];

function HandResult({ hand, index, winner }: { hand: Hand; index: number; winner: boolean }) {
  const { t } = useTranslation('tpTools');
  return (
    <section
      className="dms-tp__hand"
      aria-label={t('evaluate.handN', { hand: index + 1 })}
      data-testid={`hand-${index + 1}`}
    >
      <h4 className={Classes.HEADING}>
        {t('evaluate.handN', { hand: index + 1 })}{' '}
        {winner && (
          <Tag intent={Intent.SUCCESS} minimal>
            {t('evaluate.wins')}
          </Tag>
        )}
      </h4>
      <HandFaces codes={hand.cards.map((c) => c.code)} />
      <p className="dms-tp__ranking" data-testid={`ranking-${index + 1}`}>
        {hand.game === 'teenPatti' ? t('evaluate.teenPatti') : t('evaluate.poker')}{' '}
        <strong>
          <EnumValue name={hand.game === 'teenPatti' ? 'teenPattiHand' : 'handRank'} value={hand.rank} />
        </strong>{' '}
        <span className={Classes.TEXT_MUTED}>({hand.rank})</span>
      </p>
      <HTMLTable compact className="dms-tp__cards">
        <thead>
          <tr>
            <th scope="col">{t('evaluate.card')}</th>
            <th scope="col">{t('evaluate.rank')}</th>
            <th scope="col">{t('evaluate.suit')}</th>
          </tr>
        </thead>
        <tbody>
          {hand.cards.map((c) => (
            <tr key={c.code}>
              <td translate="no">{c.code}</td>
              <td className="dms-num">{c.rank}</td>
              <td>
                {c.suit} · <EnumValue name="suit" value={c.suit} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/**
 * Evaluate hands typed as cards (`AS KD QH`, ten as 10 or T): the ranking of each — Teen Patti for three
 * cards, poker (the spec's enumeration) for five — with ranks and suits numbered as the spec does, and for
 * two hands which wins and why. The gateway reads and ranks them; a bad card comes back naming it.
 */
export function EvaluatePanel() {
  const { t } = useTranslation('tpTools');
  const [a, setA] = useState(EXAMPLE_A);
  const [b, setB] = useState('');
  const [evaluate, state] = useTpEvaluateMutation();
  const result = state.data;
  const comparison = result?.comparison;

  const why = () => {
    if (!comparison || !result) return '';
    const [ha, hb] = result.hands as [Hand, Hand];
    switch (comparison.reason.kind) {
      case 'split':
        return t('evaluate.why.split');
      case 'category': {
        const [w, l] = comparison.winner === 'a' ? [ha, hb] : [hb, ha];
        const name = w.game === 'teenPatti' ? 'teenPattiHand' : 'handRank';
        return t('evaluate.why.category', {
          winner: t(`enum:${name}.${w.rank}`),
          loser: t(`enum:${name}.${l.rank}`),
        });
      }
      case 'sequence':
        return t(ha.game === 'teenPatti' ? 'evaluate.why.sequence' : 'evaluate.why.straight');
      case 'rank':
        return t('evaluate.why.rank', {
          winner: comparison.reason.winnerRank,
          loser: comparison.reason.loserRank,
        });
    }
  };

  return (
    <div className="dms-tp__panel">
      <p className={Classes.TEXT_MUTED}>{t('evaluate.hint')}</p>
      <form
        className="dms-tp__form"
        onSubmit={(e) => {
          e.preventDefault();
          const hands = b.trim() ? [a, b] : [a];
          void evaluate({ hands });
        }}
      >
        <FormGroup label={t('evaluate.handN', { hand: 1 })} labelFor="dms-tp-hand-1">
          <InputGroup
            id="dms-tp-hand-1"
            value={a}
            maxLength={200}
            placeholder={EXAMPLE_A}
            onChange={(e) => setA(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t('evaluate.handOptional', { hand: 2 })} labelFor="dms-tp-hand-2">
          <InputGroup
            id="dms-tp-hand-2"
            value={b}
            maxLength={200}
            placeholder={EXAMPLE_B}
            onChange={(e) => setB(e.currentTarget.value)}
          />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="tick"
          text={t('evaluate.evaluate')}
          loading={state.isLoading}
        />
      </form>
      {state.isError && (
        <Callout
          intent={Intent.DANGER}
          icon="error"
          className="dms-tp__error"
          role="alert"
          data-testid="evaluate-error"
        >
          {errorMessageOf(state.error)}
        </Callout>
      )}
      {result && !state.isError && (
        <>
          {comparison && (
            <Callout
              intent={comparison.winner === 'split' ? Intent.NONE : Intent.SUCCESS}
              icon="comparison"
              className="dms-tp__verdict"
              data-testid="verdict"
            >
              <strong>
                {comparison.winner === 'split'
                  ? t('evaluate.split')
                  : t('evaluate.winner', { hand: comparison.winner === 'a' ? 1 : 2 })}
              </strong>{' '}
              {why()}
            </Callout>
          )}
          <div className="dms-tp__hands">
            {result.hands.map((h, i) => (
              <HandResult key={i} hand={h} index={i} winner={comparison?.winner === (i === 0 ? 'a' : 'b')} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
