import type { posRoutes as r } from '@market/contracts';
import type { Cart } from './cart';

// What the register keeps in localStorage so the page sells again after a reload, offline too: the register
// chosen (and its settings), its open session, the cart being rung up and the parked carts.

export type Register = r.PosRegister;
export type Session = r.PosSession;

export interface ParkedCart {
  cart: Cart;
  parkedAt: string;
}

const KEY = {
  register: 'market-pos-register',
  session: 'market-pos-session',
  currency: 'market-pos-currency',
  cart: (registerId: string) => `market-pos-cart:${registerId}`,
  parked: (registerId: string) => `market-pos-parked:${registerId}`,
};

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the page still works, it just forgets on reload.
  }
}

const isCart = (c: unknown): c is Cart =>
  !!c && typeof c === 'object' && typeof (c as Cart).id === 'string' && Array.isArray((c as Cart).lines);

export const registerStorage = {
  register: () => read<Register>(KEY.register),
  saveRegister: (register: Register | null) => write(KEY.register, register),
  /** The open session of `registerId` as last seen. */
  session: (registerId: string) => {
    const s = read<Session>(KEY.session);
    return s && s.registerId === registerId ? s : null;
  },
  saveSession: (session: Session | null) => write(KEY.session, session),
  currency: () => read<string>(KEY.currency),
  saveCurrency: (code: string) => write(KEY.currency, code),
  cart: (registerId: string) => {
    const c = read<Cart>(KEY.cart(registerId));
    return isCart(c) ? c : null;
  },
  saveCart: (registerId: string, cart: Cart) => write(KEY.cart(registerId), cart),
  parked: (registerId: string) => (read<ParkedCart[]>(KEY.parked(registerId)) ?? []).filter((p) => isCart(p?.cart)),
  saveParked: (registerId: string, parked: ParkedCart[]) => write(KEY.parked(registerId), parked.length ? parked : null),
};
