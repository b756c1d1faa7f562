import { useTranslation } from 'react-i18next';
import { enumLabel, type EnumName } from '@dms/shared/domain/labels';
import { languageOf } from '@/lib/i18n/languages';
import { NO_VALUE } from '@/lib/format/number';

/** Props of {@link EnumValue}. */
export interface EnumValueProps {
  /** The enumeration of `shared/src/domain/labels.ts` the value belongs to. */
  name: EnumName;
  value: string | number | null | undefined;
}

/**
 * An enumerated value shown by its label in the interface language ("deposit_bonus" → 存款红利). A value
 * the platform sent that this version does not know is shown as itself, in code type, marked "unknown"
 * (`data-enum-unknown`, which the browser test of the languages skips), never hidden.
 */
export function EnumValue({ name, value }: EnumValueProps) {
  const { t, i18n } = useTranslation('common');
  const label = enumLabel(name, value, languageOf(i18n.language));
  if (label.known) return <>{label.text || NO_VALUE}</>;
  return (
    <span className="dms-enum-unknown" data-enum-unknown="" title={t('enum.unknownTitle')}>
      <code translate="no">{label.text}</code>
      <span className="dms-enum-unknown__mark">{t('enum.unknown')}</span>
    </span>
  );
}
