// Market assignments: requests for market days, bookings of slots (the board), term bookings, category gaps
// and the organization's market policies. Check-in reuses the eligibility rule.
export { marketAssignmentsRoutes } from './market-assignments.routes.js';
export { checkEligibility, eligibilityFacts, eligibilityProblems, ineligible, type EligibilityFacts } from './eligibility.js';
export { waitlistOfferRoutes } from './waitlist-offers.routes.js';
export { answerOffer, offersOfVendor, slotFreed } from './waitlist-offers.service.js';
export { allocationRoutes } from './allocation-routes.js';
export { checkInRoutes } from './check-in.routes.js';
