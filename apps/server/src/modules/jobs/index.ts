export { JobRunner, type JobContext, type JobHandler } from './job-runner.js';
export { enqueueJob, jobsOf, type JobInput, type JobRow } from './jobs.repository.js';
