import { Classes } from '@blueprintjs/core';

/** Props of {@link SkeletonRows}. */
export interface SkeletonRowsProps {
  /** Cells per row: the table's column count. */
  columns: number;
  /** Placeholder rows shown. */
  rows?: number;
}

/** Placeholder rows of a table's body while its first page loads (Blueprint skeleton cells). */
export function SkeletonRows({ columns, rows = 5 }: SkeletonRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i}>
          {Array.from({ length: columns }, (__, j) => (
            <td key={j}>
              <span className={Classes.SKELETON} style={{ display: 'block' }}>
                &nbsp;
              </span>
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
