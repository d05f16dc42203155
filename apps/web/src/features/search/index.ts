// What other features use of the global search (the palette loads search-results.tsx through the route table).
export { useDebounced, useGlobalSearch } from './use-global-search';
