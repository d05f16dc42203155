// What other features use of the application review.
export { STREAM_BASE } from './applications-api';
export { ApplicationsQueue } from './components/applications-queue';
