// The zod-free entry of the contracts: values the browser needs at run time without loading zod.
export { hostMatches } from './common/hosts.js';
