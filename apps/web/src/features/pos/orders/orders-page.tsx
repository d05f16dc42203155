import { OrdersView } from './orders-view';

/** Order Management (/orders): find an order and return items of a sale. */
export default function OrdersPage() {
  return <OrdersView archive={false} />;
}
