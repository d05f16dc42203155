// What other features use of the application review, and the pieces the vendors area shares with it.
export { useCategoryOptions } from './applications-api';
export { STREAM_BASE } from './stream-paths';
export { ApplicationsQueue } from './components/applications-queue';
export { AreaTabs } from './components/area-tabs';
export { DeclineDialog, DocumentReviewButtons } from './components/document-review';
export { FilterField, filterControl, SearchBox } from './components/filter-controls';
export { Pager } from './components/pager';
