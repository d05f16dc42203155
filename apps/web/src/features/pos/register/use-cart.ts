import { useCallback, useEffect, useState } from 'react';
import { newCart, type Cart } from './cart';
import { registerStorage, type ParkedCart } from './register-storage';

/**
 * The kept cart of the register, continued when it holds items (a reload or a crash mid-sale loses nothing). An empty
 * one is not continued: a cart's id becomes its sale's id, and every tab of the register reads the same kept cart, so
 * a second tab would otherwise start on the first tab's empty cart and sell under its id (refused by the server as an
 * id used for another order, or replacing the other sale in the queue while offline). A new empty cart costs nothing.
 */
function startingCart(registerId: string): Cart {
  const kept = registerStorage.cart(registerId);
  return kept?.lines.length ? kept : newCart();
}

/**
 * The cart being rung up and the parked ones, kept in localStorage per register so a reload (or a crash) loses
 * neither. Parking keeps a cart's id: resumed and paid, it is recorded under the id it was started with.
 */
export function useCart(registerId: string) {
  const [cart, setCart] = useState<Cart>(() => startingCart(registerId));
  const [parked, setParked] = useState<ParkedCart[]>(() => registerStorage.parked(registerId));

  useEffect(() => registerStorage.saveCart(registerId, cart), [registerId, cart]);
  useEffect(() => registerStorage.saveParked(registerId, parked), [registerId, parked]);
  // Another tab of the same register parked or resumed a cart.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === `market-pos-parked:${registerId}`) setParked(registerStorage.parked(registerId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [registerId]);

  const update = useCallback((change: (c: Cart) => Cart) => setCart(change), []);
  const startNew = useCallback(() => setCart(newCart()), []);

  const park = useCallback(() => {
    if (!cart.lines.length) return;
    setParked((p) => [...p, { cart, parkedAt: new Date().toISOString() }]);
    setCart(newCart());
  }, [cart]);

  const resume = useCallback(
    (id: string) => {
      const found = parked.find((p) => p.cart.id === id);
      if (!found) return;
      const rest = parked.filter((p) => p.cart.id !== id);
      // The cart on screen is parked in its place rather than lost.
      setParked(cart.lines.length ? [...rest, { cart, parkedAt: new Date().toISOString() }] : rest);
      setCart(found.cart);
    },
    [parked, cart],
  );

  const discard = useCallback((id: string) => setParked((p) => p.filter((x) => x.cart.id !== id)), []);

  return { cart, update, startNew, parked, park, resume, discard };
}
