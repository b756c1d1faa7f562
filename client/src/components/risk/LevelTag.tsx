import { Intent, Tag } from '@blueprintjs/core';
import { memo } from 'react';
import { RiskLevel } from '@dms/shared/domain/enums';
import { EnumValue } from '@/components/labels/EnumValue';

const INTENT: Record<number, Intent> = {
  [RiskLevel.Abnormal]: Intent.WARNING,
  [RiskLevel.Middle]: Intent.WARNING,
  [RiskLevel.High]: Intent.DANGER,
};

/**
 * A risk level as a coloured tag with its label in the interface language. Memoised: Blueprint's tag measures
 * its text after every render (a forced layout), and live lists re-render their rows every second.
 */
export const LevelTag = memo(function LevelTag({ level }: { level: number }) {
  return (
    <Tag
      intent={INTENT[level] ?? Intent.NONE}
      minimal={level === RiskLevel.Abnormal}
      className="dms-risk__level"
    >
      <EnumValue name="riskLevel" value={level} />
    </Tag>
  );
});
