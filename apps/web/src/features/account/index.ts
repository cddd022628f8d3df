import { PlaceholderPage } from '../../ui/PlaceholderPage';

export const LoginPage = () => PlaceholderPage({ title: 'Login' });
export const OidcLoginPage = LoginPage;
export const ProfilePage = () => PlaceholderPage({ title: 'Profile' });
export const SettingsPage = () => PlaceholderPage({ title: 'Framework and Settings' });
