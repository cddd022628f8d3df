import { PlaceholderPage } from '../../ui/PlaceholderPage';

export const NotFoundPage = () => PlaceholderPage({ title: 'This page does not exist' });
