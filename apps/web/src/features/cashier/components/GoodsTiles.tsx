import { Card, Col, Empty, Row, Spin } from 'antd';
import type { goods } from '@venue/contract';
import type { z } from 'zod';
import { formatYuan } from '@/lib/money';
import styles from './GoodsSaleDialog.module.css';

export type Tile = z.infer<typeof goods.goodsTile>;

/** Goods tiles: picture, name, stock with unit and price; a click adds the item. */
export function GoodsTiles({ tiles, loading, onAdd }: { tiles: Tile[]; loading: boolean; onAdd: (tile: Tile) => void }) {
  if (!loading && tiles.length === 0) return <Empty description="没有找到商品" />;
  return (
    <Spin spinning={loading}>
      <Row gutter={[8, 8]} className={styles.tiles}>
        {tiles.map((t) => (
          <Col span={8} key={t.goodsId}>
            <Card size="small" hoverable onClick={() => onAdd(t)} className={t.quantity <= 0 ? styles.soldOut : undefined} data-testid="goods-tile">
              <div className={styles.picture}>{t.picture ? <img src={t.picture} alt={t.goodsName} /> : <span>{t.goodsName.slice(0, 1)}</span>}</div>
              <div className={styles.name} title={t.goodsName}>
                {t.goodsName}
                {t.specs ? ` ${t.specs}` : ''}
              </div>
              <div className={styles.meta}>
                <span>
                  库存 {t.quantity} {t.unit}
                </span>
                <b>¥{formatYuan(t.price)}</b>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Spin>
  );
}
