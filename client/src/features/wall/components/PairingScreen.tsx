import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { displayPairingUrl, formatPairingCode } from '@dms/shared/contracts/http/display';
import { QrCode } from '../qr/QrCode';
import type { WallPhase } from '../state/wallMachine';
import { ageText } from './ageText';

/** The pairing screen: the code, large, and as a QR code of the console's approval link. */
export function PairingScreen({
  phase,
  now,
}: {
  phase: Extract<WallPhase, { kind: 'pairing' }>;
  now: number;
}) {
  const { t } = useTranslation('wall');
  const notice =
    phase.reason === 'revoked'
      ? t('pairing.revoked')
      : phase.reason === 'expired'
        ? t('pairing.expired')
        : null;
  return (
    <div className="wall-pairing" data-testid="wall-pairing">
      <h1 className="wall-pairing__heading">{t('pairing.heading')}</h1>
      {notice && (
        <Callout className="wall-pairing__notice" intent="warning" data-testid="wall-pairing-notice">
          {notice}
        </Callout>
      )}
      {phase.code === null ? (
        <div className="wall-pairing__waiting">
          <Spinner size={64} />
          <span>{t('pairing.requesting')}</span>
        </div>
      ) : (
        <div className="wall-pairing__body">
          <div className="wall-pairing__code-box">
            <span className="wall-pairing__label">{t('pairing.code')}</span>
            <span className="wall-pairing__code" data-testid="wall-pairing-code" translate="no">
              {formatPairingCode(phase.code)}
            </span>
            {phase.expiresAt !== null && (
              <span className="wall-pairing__expires">
                {t('pairing.expires', { age: ageText(t, phase.expiresAt - now) })}
              </span>
            )}
            <span className="wall-pairing__status">
              <Spinner size={20} /> {t('pairing.waiting')}
            </span>
          </div>
          <QrCode
            text={displayPairingUrl(window.location.origin, phase.code)}
            size={320}
            title={t('pairing.qr')}
          />
        </div>
      )}
      <p className="wall-pairing__steps">{t('pairing.steps')}</p>
    </div>
  );
}
