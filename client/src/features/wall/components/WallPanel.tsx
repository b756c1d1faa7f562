import { Icon, NonIdealState, type IconName } from '@blueprintjs/core';

/** A large centred message of the wall (not installed, not allowed, unknown address). */
export function WallPanel({
  icon,
  title,
  description,
  testId,
}: {
  icon: IconName;
  title: string;
  description: string;
  testId?: string;
}) {
  return (
    <div className="wall-panel" data-testid={testId}>
      <NonIdealState icon={<Icon icon={icon} size={96} />} title={title} description={description} />
    </div>
  );
}
