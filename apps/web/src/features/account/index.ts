export { LoginPage } from './login/LoginPage';
export { OidcLoginPage } from './login/OidcLoginPage';
export { ProfilePage } from './profile/ProfilePage';
export { SettingsPage } from './settings/SettingsPage';
