// What other features use of the vendor portal.
export { landingPath } from './vendor-landing';
