import { PlaceholderPage } from '../../ui/PlaceholderPage';

export const IndexPage = () => PlaceholderPage({ title: 'Home' });
export const HomePage = IndexPage;
