// Vendors: the staff routes, and what applications (approval, accounts) and the vendor portal read and write of vendors.
export { vendorsRoutes } from './vendors.routes.js';
export {
  categoriesOf as vendorCategoriesOf,
  findVendor,
  insertVendor,
  touchVendor,
  type VendorInsert,
  type VendorRow,
} from './vendors.repository.js';
export {
  documentsOf as vendorDocumentsOf,
  findDocumentByObject as findVendorDocumentByObject,
  insertDocument as insertVendorDocument,
} from './vendors.documents.repository.js';
export { insertLink as insertVendorUserLink, vendorOfUser } from './vendors.users.repository.js';
export { documentState } from './vendors.rules.js';
