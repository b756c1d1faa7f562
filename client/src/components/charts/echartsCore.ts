import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts on `echarts/core` with only what the console draws: bar and line series, the grid, tooltip,
 * legend and data-zoom components, and the canvas renderer (DEPENDENCIES.md: 177–209 kB gzipped against
 * 385 kB for the full build). Imported only by the lazy chart module, so no route pays for it up front.
 */
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export { echarts };
