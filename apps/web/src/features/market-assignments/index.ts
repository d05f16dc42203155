// What other features use of market assignments: the board (a tab of the market days page) and a vendor's
// bookings (a section of the vendor record).
export { AssignmentBoard } from './components/assignment-board';
export { VendorBookings } from './components/vendor-bookings';
export { CheckInTab } from './check-in-tab';
export { AllocationDialog } from './allocation-dialog';
