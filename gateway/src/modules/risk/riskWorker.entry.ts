/** The risk engine's worker thread as built (`gateway/build.mjs`: `dist/riskWorker.js`). */
import { runRiskWorker } from './riskWorker.main';

runRiskWorker();
