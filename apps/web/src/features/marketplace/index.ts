export { MarketplacePage } from './MarketplacePage';
