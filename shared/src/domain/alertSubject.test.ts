import { describe, expect, it } from 'vitest';
import { alertSubjectText } from './alertSubject';

const names = (id: number) => (id === 1001 ? 'Lucky Star' : String(id));

describe('alertSubjectText', () => {
  it("names a cross-bet group by its members' accounts", () => {
    expect(alertSubjectText('crossbet', 'ring:1001:ringa|1001:ringb|1002:ringc', names)).toBe(
      'ringa · ringb · ringc',
    );
    expect(alertSubjectText('crossbet', 'pair:1001:a:b|1001:c', names)).toBe('a:b · c');
  });

  it('names a player by provider and account, a provider by its name', () => {
    expect(alertSubjectText('player', '1001:alice', names)).toBe('Lucky Star · alice');
    expect(alertSubjectText('provider', '1001', names)).toBe('Lucky Star');
    expect(alertSubjectText('provider', '1009', names)).toBe('1009');
  });
});
