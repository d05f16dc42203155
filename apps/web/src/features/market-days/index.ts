// What other features use of market days.
export { NextMarketDaysCard } from './next-market-days-card';
