/**
 * What an alert is about, in words, the same on every screen (the toast, the alert centre and the alerts
 * wall): a provider by its name, a player as `provider · account`, a cross-bet group by its members'
 * accounts (`a · b · c`: the group's id, `ring:1001:a|1001:b|1001:c`, said nothing an operator could read).
 */
export function alertSubjectText(
  kind: string,
  subject: string,
  providerName: (id: number) => string,
): string {
  if (kind === 'provider') return providerName(Number(subject));
  if (kind === 'player') {
    const [p, ...rest] = subject.split(':');
    return `${providerName(Number(p))} · ${rest.join(':')}`;
  }
  // `pair:` or `ring:`, then `provider:account` members joined by `|`.
  const colon = subject.indexOf(':');
  const members = (colon < 0 ? subject : subject.slice(colon + 1)).split('|');
  return members.map((m) => m.slice(m.indexOf(':') + 1)).join(' · ');
}
