import { useAuth } from '../auth/auth-context';
import { useLocalSettings } from './useLocalSettings';

/**
 * Developer mode is a local setting only staff may switch on (spec 2 §6); a
 * setting left on by a staff user on a shared browser does not apply to others.
 */
export function useDeveloperMode(): boolean {
  const [settings] = useLocalSettings();
  const { isStaff } = useAuth();
  return settings.developerMode && isStaff;
}
