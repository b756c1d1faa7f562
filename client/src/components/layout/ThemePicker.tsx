import { useTranslation } from 'react-i18next';
import { THEME_PRESETS } from '@/config/app';

interface ThemePickerProps {
  value: string;
  onChange: (hex: string) => void;
}

/** Preset theme colours and a custom colour (the browser's colour input), no stylesheet download. */
export function ThemePicker({ value, onChange }: ThemePickerProps) {
  const { t } = useTranslation();
  const current = value.toLowerCase();
  const custom = !THEME_PRESETS.some((c) => c.toLowerCase() === current);
  return (
    <div className="dms-theme-picker" role="radiogroup" aria-label={t('common:settings.theme')}>
      {THEME_PRESETS.map((color) => {
        const selected = color.toLowerCase() === current;
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={color}
            title={color}
            className={selected ? 'dms-swatch dms-swatch--selected' : 'dms-swatch'}
            style={{ background: color }}
            onClick={() => onChange(color)}
          />
        );
      })}
      <label
        className={
          custom ? 'dms-swatch dms-swatch--custom dms-swatch--selected' : 'dms-swatch dms-swatch--custom'
        }
        title={t('common:settings.customColor')}
        style={custom ? { background: value } : undefined}
      >
        <input
          type="color"
          aria-label={t('common:settings.customColor')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
