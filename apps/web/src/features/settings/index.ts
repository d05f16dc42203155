// What other parts of the app use of settings: the two-step sign-in policy banner.
export { MfaPolicyBanner } from './mfa-policy-banner';
