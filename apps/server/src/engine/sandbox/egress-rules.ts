import ipaddr from 'ipaddr.js';

/**
 * The addresses slirp4netns gives a task's network namespace (its defaults): the task is
 * 10.0.2.100, the gateway 10.0.2.2 is the host's loopback (reached only when the allow list
 * names it), 10.0.2.3 answers DNS by asking the host's resolver.
 */
export const SLIRP = { gateway: '10.0.2.2', dns: '10.0.2.3' } as const;

/**
 * Every IPv4 range that is not public unicast: loopback, private, link-local (the cloud
 * metadata address), carrier-grade NAT, the documentation and benchmark ranges, multicast and
 * the rest of the reserved space. The same judgement as the outbound guard (ipaddr.js: all but
 * 'unicast'), written as CIDR ranges for nftables.
 */
const REFUSED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Whether the allow list lets a task reach the host's own loopback (127.0.0.1, which it sees as the gateway). */
export function allowsHostLoopback(allow: readonly Range[]): boolean {
  const loopback = ipaddr.parse('127.0.0.1');
  return allow.some(([range, bits]) => range.kind() === 'ipv4' && loopback.match(range, bits));
}

/**
 * The nftables rules of a task's network namespace (docs/security.md "Network"): its own
 * loopback, slirp4netns's DNS, what ASB_OUTBOUND_ALLOW names, then every non-public range and
 * every address of the host itself are refused (at once: a connection fails, it does not hang),
 * and the rest of IPv4 goes out. There is no IPv6 route out (slirp4netns runs without it) and
 * IPv6 is refused all the same.
 */
export function egressRules(allow: readonly Range[], hostAddresses: readonly string[]): string {
  const allowedV4 = allow.filter(([range]) => range.kind() === 'ipv4').map(([range, bits]) => `${range.toString()}/${bits}`);
  if (allowsHostLoopback(allow)) allowedV4.push(`${SLIRP.gateway}/32`);
  const hostV4 = hostAddresses.filter((address) => ipaddr.isValid(address) && ipaddr.process(address).kind() === 'ipv4');
  const refused = [...REFUSED_V4, ...hostV4.map((address) => `${ipaddr.process(address).toString()}/32`)];
  return [
    'table inet asb_task {',
    // a TCP reset, so that a refused connection fails at once (an ICMP error to a link-local address may never arrive)
    '  chain refuse {',
    '    meta l4proto tcp reject with tcp reset',
    '    reject with icmpx type admin-prohibited',
    '  }',
    '  chain output {',
    '    type filter hook output priority filter; policy drop;',
    '    oif "lo" accept',
    `    ip daddr ${SLIRP.dns} meta l4proto { tcp, udp } th dport 53 accept`,
    // one rule a range: ranges may overlap (a host address inside a private range), which one set would refuse
    ...allowedV4.map((range) => `    ip daddr ${range} accept`),
    ...refused.map((range) => `    ip daddr ${range} jump refuse`),
    '    meta nfproto ipv4 accept',
    '    jump refuse',
    '  }',
    '}',
    '',
  ].join('\n');
}
