import { OrdersView } from './orders-view';

/** Order History (/orders/history): the read-only archive of orders, with the filtered list exported as CSV. */
export default function OrderHistoryPage() {
  return <OrdersView archive />;
}
