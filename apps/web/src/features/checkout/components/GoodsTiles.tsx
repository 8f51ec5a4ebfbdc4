import type { KeyboardEvent } from 'react';
import { Empty, Spin } from 'antd';
import type { goods } from '@venue/contract';
import type { z } from 'zod';
import { useRovingFocus } from '@/hooks/useRovingFocus';
import { formatYuan } from '@/lib/money';
import styles from './GoodsTiles.module.css';

export type Tile = z.infer<typeof goods.goodsTile>;
/** What a tile shows: sale goods, or lease goods (their rent as price, and the deposit each unit adds). */
export type TileView = Pick<Tile, 'goodsId' | 'goodsName' | 'specs' | 'picture' | 'quantity' | 'unit' | 'price'> & { deposit?: number };

/**
 * Goods tiles: picture, name, stock with unit and price. A click, Enter or Space adds the item; the
 * tiles are one tab stop and arrows move between them.
 */
export function GoodsTiles<T extends TileView>({ tiles, loading, onAdd }: { tiles: T[]; loading: boolean; onAdd: (tile: T) => void }) {
  const roving = useRovingFocus(tiles.length);
  if (!loading && tiles.length === 0) return <Empty description="没有找到商品" />;
  const addOnKey = (event: KeyboardEvent, tile: T) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onAdd(tile);
  };
  return (
    <Spin spinning={loading}>
      <div className={styles.tiles} role="group" aria-label="商品">
        {tiles.map((t, i) => {
          const { onKeyDown, ...item } = roving.itemProps(i);
          return (
            <div
              key={t.goodsId}
              {...item}
              role="button"
              onClick={() => onAdd(t)}
              onKeyDown={(e) => {
                addOnKey(e, t);
                onKeyDown(e);
              }}
              className={t.quantity <= 0 ? `${styles.tile} ${styles.soldOut}` : styles.tile}
              data-testid="goods-tile"
            >
              <div className={styles.picture}>{t.picture ? <img src={t.picture} alt="" /> : <span aria-hidden="true">{t.goodsName.slice(0, 1)}</span>}</div>
              <div className={styles.name} title={t.goodsName}>
                {t.goodsName}
                {t.specs ? ` ${t.specs}` : ''}
              </div>
              <div className={styles.meta}>
                <span>
                  库存 {t.quantity} {t.unit}
                </span>
                <b>{t.deposit === undefined ? `¥${formatYuan(t.price)}` : `租金 ¥${formatYuan(t.price)}`}</b>
              </div>
              {t.deposit !== undefined && <div className={styles.meta}>押金 ¥{formatYuan(t.deposit)}</div>}
            </div>
          );
        })}
      </div>
    </Spin>
  );
}
