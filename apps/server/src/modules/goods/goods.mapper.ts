import { fenToYuan } from '@venue/contract';
import type { GoodsTable } from '../../db/tables.ts';

export type Row = GoodsTable & { id: number; classification_name: string; item_name: string | null };

/** A goods row with its class and sports item names as the screens show it. */
export const toGoods = (r: Row) => ({
  goodsId: r.id,
  goodsName: r.name,
  specs: r.specs,
  picture: r.picture,
  unit: r.unit,
  price: fenToYuan(r.price_fen),
  barcode: r.barcode,
  shorthand: r.shorthand,
  classificationId: r.classification_id,
  classificationName: r.classification_name,
  itemId: r.item_id,
  itemName: r.item_name,
  isOnSale: r.is_on_sale,
  state: r.state,
});
