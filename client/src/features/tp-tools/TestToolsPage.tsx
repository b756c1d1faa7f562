import './tpTools.css';
import { useState } from 'react';
import { Card, Classes, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DealPanel } from './components/DealPanel';
import { EvaluatePanel } from './components/EvaluatePanel';
import { SimulatePanel } from './components/SimulatePanel';

type TabId = 'evaluate' | 'deal' | 'simulate';

/**
 * Teen Patti test tools (route /teenPatti/testTools, code 11002): evaluate hands typed as cards and
 * compare two, deal from a seed, and run simulations whose figures are judged against the exact odds and
 * saved for the simulated data viewer.
 */
export function TestToolsPage() {
  const { t } = useTranslation('tpTools');
  const [tab, setTab] = useState<TabId>('evaluate');
  return (
    <div className="dms-page dms-tp">
      <Card>
        <h2 className={Classes.HEADING}>{t('title')}</h2>
        <p className={Classes.TEXT_MUTED}>{t('subtitle')}</p>
        <Tabs
          id="dms-tp-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(id as TabId)}
          renderActiveTabPanelOnly
        >
          <Tab id="evaluate" title={t('tab.evaluate')} panel={<EvaluatePanel />} />
          <Tab id="deal" title={t('tab.deal')} panel={<DealPanel />} />
          <Tab id="simulate" title={t('tab.simulate')} panel={<SimulatePanel />} />
        </Tabs>
      </Card>
    </div>
  );
}
