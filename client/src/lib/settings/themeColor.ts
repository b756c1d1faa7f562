/**
 * Theme colour: Blueprint 6 draws its primary intent from CSS custom properties, so a colour is applied by
 * setting them on the root element (no stylesheet download, unlike the original's CDN theme).
 */

function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

function parseHex(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '6959cd';
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => clamp(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `hex` with black (`amount` < 0) or white (`amount` > 0); amount in -1…1. */
export function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return toHex(rgb.map((c) => c + (target - c) * t) as [number, number, number]);
}

/** Relative luminance (WCAG), 0…1. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The custom properties of a theme colour: Blueprint's primary intent and the console's own accents. */
export function themeVariables(hex: string): Record<string, string> {
  const rest = toHex(parseHex(hex));
  const [r, g, b] = parseHex(rest);
  const foreground = luminance(rest) > 0.45 ? '#111418' : '#ffffff';
  return {
    '--bp-intent-primary-rest': rest,
    '--bp-intent-primary-hover': shade(rest, -0.15),
    '--bp-intent-primary-active': shade(rest, -0.3),
    '--bp-intent-primary-disabled': shade(rest, 0.35),
    '--bp-intent-primary-foreground': foreground,
    '--bp-surface-background-color-primary-rest': rest,
    '--bp-surface-background-color-primary-hover': shade(rest, -0.15),
    '--bp-surface-background-color-primary-active': shade(rest, -0.3),
    '--bp-surface-background-color-primary-disabled': shade(rest, 0.35),
    '--bp-typography-color-primary-rest': rest,
    '--bp-typography-color-primary-hover': shade(rest, -0.15),
    '--bp-typography-color-primary-active': shade(rest, -0.3),
    '--bp-typography-color-primary-disabled': shade(rest, 0.35),
    '--bp-emphasis-focus-color': rest,
    '--bp-surface-layer-color-primary': `rgba(${r}, ${g}, ${b}, 0.05)`,
    '--dms-primary': rest,
    '--dms-primary-light': shade(rest, 0.3),
    '--dms-primary-lighter': shade(rest, 0.85),
    '--dms-primary-rgb': `${r}, ${g}, ${b}`,
    '--dms-primary-foreground': foreground,
  };
}

/** Applies a theme colour to an element (the document root by default). */
export function applyThemeColor(hex: string, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(hex))) element.style.setProperty(name, value);
}
