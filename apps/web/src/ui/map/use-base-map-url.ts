import { useAuth } from '../../app/auth/auth-context';

/** The operator's tile URL template (ASB_BASEMAP_URL, in the instance details), or null for the shipped base map. */
export function useBaseMapUrl(): string | null {
  return useAuth().instance?.basemap_url ?? null;
}
