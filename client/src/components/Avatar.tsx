import { useState } from 'react';

/** The avatar URL with the image service's resize parameters (`?imageView2/1/w/80/h/80`). */
export function avatarSrc(url: string, size: number): string {
  if (!url) return '';
  return `${url}${url.includes('?') ? '&' : '?'}imageView2/1/w/${size}/h/${size}`;
}

function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const words = trimmed.split(/\s+/);
  if (words.length > 1) return `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
  return Array.from(trimmed)
    .slice(0, /^[\x20-\x7e]+$/.test(trimmed) ? 2 : 1)
    .join('')
    .toUpperCase();
}

interface AvatarProps {
  src: string;
  name: string;
  size?: number;
  className?: string;
}

/** A round avatar; shows the name's initials when there is no image or it fails to load. */
export function Avatar({ src, name, size = 40, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  // Twice the displayed size for sharp images on high-density screens.
  const url = avatarSrc(src, size * 2);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const classes = ['dms-avatar', className].filter(Boolean).join(' ');
  if (!url || failed) {
    return (
      <span className={`${classes} dms-avatar--initials`} style={style} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img className={classes} style={style} src={url} alt="" onError={() => setFailed(true)} />;
}
