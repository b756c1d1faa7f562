import './monitor.css';

/** A monitor's headline figures above its panels: each a label and its formatted value. */
export function MonitorSummary({
  figures,
}: {
  figures: readonly (readonly [label: string, value: string])[];
}) {
  return (
    <dl className="dms-mon__summary">
      {figures.map(([label, value]) => (
        <div key={label} className="dms-mon__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
