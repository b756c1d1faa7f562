const PALETTE = ['#6f42c1', '#5b3cc4', '#8e44ad', '#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db'];

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A square SVG avatar showing `label` (initials) on a colour picked from `seed`. */
export function avatarSvg(label: string, seed: number, size = 100): string {
  const colour = PALETTE[Math.abs(seed) % PALETTE.length] ?? PALETTE[0];
  const text = escapeXml(label.slice(0, 2));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${colour}"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" ` +
    `font-size="${text.length > 1 ? 40 : 48}" fill="#ffffff">${text}</text></svg>`
  );
}
