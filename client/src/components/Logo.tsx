/** The console's mark: three rising bars on the theme colour. */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="var(--dms-primary, #6959cd)" />
      <rect width="64" height="64" rx="14" fill="url(#dms-logo-shine)" />
      <defs>
        <linearGradient id="dms-logo-shine" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.18" />
          <stop offset="1" stopColor="#000" stopOpacity="0.18" />
        </linearGradient>
      </defs>
      <rect x="14" y="34" width="8" height="16" rx="2" fill="#fff" opacity="0.75" />
      <rect x="28" y="24" width="8" height="26" rx="2" fill="#fff" opacity="0.9" />
      <rect x="42" y="14" width="8" height="36" rx="2" fill="#fff" />
    </svg>
  );
}
