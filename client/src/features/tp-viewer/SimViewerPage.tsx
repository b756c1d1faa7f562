import './tpViewer.css';
import '@/components/teen-patti/teenPatti.css';
import { useState } from 'react';
import { Card, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SimCompare } from './components/SimCompare';
import { SimDetail } from './components/SimDetail';
import { SimList } from './components/SimList';

type View = { kind: 'list' } | { kind: 'sim'; id: number } | { kind: 'compare'; a: number; b: number };

/**
 * Simulated data viewer (route /teenPatti/testDataViewer, code 11003): the simulations saved from the
 * test tools, a page at a time; one opened with its figures and its rounds (filtered and paged by the
 * gateway, exported as .xlsx), or two side by side.
 */
export function SimViewerPage() {
  const { t } = useTranslation('tpViewer');
  const [view, setView] = useState<View>({ kind: 'list' });
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const back = () => setView({ kind: 'list' });
  return (
    <div className="dms-page dms-tpv" ref={setPortal}>
      <Card>
        <h2 className={Classes.HEADING}>{t('title')}</h2>
        <p className={Classes.TEXT_MUTED}>{t('subtitle')}</p>
        {view.kind === 'list' && (
          <SimList
            onOpen={(id) => setView({ kind: 'sim', id })}
            onCompare={(a, b) => setView({ kind: 'compare', a, b })}
          />
        )}
        {view.kind === 'sim' && <SimDetail id={view.id} onBack={back} portal={portal} />}
        {view.kind === 'compare' && <SimCompare a={view.a} b={view.b} onBack={back} />}
      </Card>
    </div>
  );
}
