// What other features use of sign-in.
export { inputClass } from './auth-fields';
