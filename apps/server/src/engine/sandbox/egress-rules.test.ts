import { describe, expect, it } from 'vitest';
import { parseAllowList } from '../../platform/outbound/outbound-fetch.js';
import { allowsHostLoopback, egressRules } from './egress-rules.js';
import { egressSupport } from './task-network.js';

const lines = (rules: string) => rules.split('\n').map((line) => line.trim());

describe('egressRules', () => {
  it('lets the allow list through before the refused ranges and the host’s own addresses, and refuses IPv6 whole', () => {
    const rules = lines(egressRules(parseAllowList(['10.1.0.0/16']), ['192.0.2.2', 'fd00::2', '127.0.0.1']));
    const allowed = rules.indexOf('ip daddr 10.1.0.0/16 accept');
    expect(allowed).toBeGreaterThan(rules.indexOf('oif "lo" accept'));
    for (const refused of ['10.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10', '172.16.0.0/12', '192.168.0.0/16', '192.0.2.2/32'])
      expect(rules.indexOf(`ip daddr ${refused} jump refuse`), refused).toBeGreaterThan(allowed);
    // the host's loopback stays behind the gateway unless the list names it
    expect(rules).not.toContain('ip daddr 10.0.2.2/32 accept');
    expect(rules.slice(-5)).toEqual(['meta nfproto ipv4 accept', 'jump refuse', '}', '}', '']);
  });

  it('opens the gateway (the host’s 127.0.0.1) only when the allow list covers 127.0.0.1', () => {
    expect(allowsHostLoopback(parseAllowList(['127.0.0.0/8']))).toBe(true);
    expect(allowsHostLoopback(parseAllowList(['10.0.0.0/8', '::1']))).toBe(false);
    expect(lines(egressRules(parseAllowList(['127.0.0.1']), []))).toContain('ip daddr 10.0.2.2/32 accept');
  });
});

describe('egressSupport', () => {
  it('says why a server that is not root cannot give a task its own network', () => {
    const support = egressSupport(false);
    expect(support.ok).toBe(false);
    expect(!support.ok && support.reason).toMatch(/needs the server \(or asb worker\) to run as root/);
  });
});
