/**
 * Slot plans of a market location, for any page that shows or arranges one.
 *
 * - `SlotPlan` draws the plan read-only: `{ location: {id, planWidthM, planDepthM, planImageUrl?}, slots, categories }`.
 * - `SlotPlanEditor` takes the same props and saves itself: "Save layout" sends every changed slot to
 *   `PATCH /api/v1/market-slots/positions` (one all-or-nothing request per 500 slots) and then refreshes
 *   the `['market-slots']` and `['market-locations']` queries. Optional `onChange(slotId, {planX, planY, planRotation, widthM, depthM})`
 *   hears each unsaved change, `onSaved(slotIds)` each successful save (refetch your own data there).
 *
 * `PlanCanvas`, `SlotShape` and the zoom pieces draw a plan of one's own (the assignment board's plan of a day
 * colours each slot by who holds it).
 *
 * `slots` need only the fields of `PlanSlot` (the slots API and the location detail both give them);
 * `categories` colour the slots and fill the legend. Slots without a position are listed by the editor
 * with a button that places them in the middle of the plan.
 */
export { SlotPlan, type SlotPlanProps } from './slot-plan';
export { PlanCanvas, SlotShape } from './plan-canvas';
export { PlanZoomControls, usePlanZoom } from './plan-zoom';
export { SlotPlanEditor, type SlotPlanEditorProps } from './slot-plan-editor';
export type { Geometry, PlanCategory, PlanLocation, PlanSlot } from './plan-types';
