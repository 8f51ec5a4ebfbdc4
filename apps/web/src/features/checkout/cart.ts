import { sumLines } from '@/lib/money';

export interface CartLine {
  goodsId: number;
  goodsName: string;
  specs: string;
  unit: string;
  /** Archive price, yuan. */
  price: number;
  /** Paid unit price, yuan (editable with goods:saleOrder:editPrice). */
  pricePay: number;
  quantity: number;
  stock: number;
}

/** Adds one of a goods item; a new item starts at 1. */
export function addToCart(lines: CartLine[], item: Omit<CartLine, 'quantity' | 'pricePay'>): CartLine[] {
  const existing = lines.find((l) => l.goodsId === item.goodsId);
  if (existing) return lines.map((l) => (l.goodsId === item.goodsId ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { ...item, pricePay: item.price, quantity: 1 }];
}

/** Spec 4 step 1: quantity minimum 0; a line at 0 is removed. */
export function setQuantity(lines: CartLine[], goodsId: number, quantity: number | null): CartLine[] {
  const qty = Math.max(0, Math.floor(quantity ?? 0));
  return qty === 0 ? lines.filter((l) => l.goodsId !== goodsId) : lines.map((l) => (l.goodsId === goodsId ? { ...l, quantity: qty } : l));
}

/** Whether one more of an item would sell more than its stock. */
export const exceedsStock = (lines: CartLine[], goodsId: number, stock: number) => (lines.find((l) => l.goodsId === goodsId)?.quantity ?? 0) + 1 > stock;

/** A paid unit price typed over the archive price: never below 0, whole fen. */
export function setPricePay(lines: CartLine[], goodsId: number, price: number | null): CartLine[] {
  const pricePay = Math.max(0, Math.round((price ?? 0) * 100) / 100);
  return lines.map((l) => (l.goodsId === goodsId ? { ...l, pricePay } : l));
}

/** The total: price times quantity summed with decimal arithmetic, 2 decimals. */
export const cartTotal = (lines: CartLine[]) => sumLines(lines.map((l) => ({ price: l.pricePay, qty: l.quantity })));

/** What identifies a cart's order: a changed cart needs a new order. */
export const cartSignature = (lines: CartLine[], memberId: number | null) => JSON.stringify([memberId, lines.map((l) => [l.goodsId, l.quantity, l.pricePay])]);
