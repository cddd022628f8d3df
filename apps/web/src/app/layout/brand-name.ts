import type { InstanceDetails } from '@asb/contracts';

const THEME_NAMES: Record<string, string> = { asb: 'ASB', eopen: 'EOPEN', aiopen: 'AI-OPEN', eoepca: 'EOEPCA' };

/** The product name of the instance's theme, shown beside the logo. */
export function brandName(instance: InstanceDetails | null): string {
  const theme = instance?.theme ?? 'asb';
  return THEME_NAMES[theme] ?? theme.toUpperCase();
}
