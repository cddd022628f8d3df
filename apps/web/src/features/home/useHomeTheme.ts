import { useAuth } from '../../app/auth/auth-context';
import { homeThemeFor, type HomeTheme } from './home-themes';

export function useHomeTheme(): HomeTheme {
  const { hasFeature } = useAuth();
  return homeThemeFor(hasFeature);
}
