import { Button, InputNumber, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { formatYuan, lineAmount } from '@/lib/money';
import type { CartLine } from '../cart';

/** The settlement list: steppers (min 0), paid price (editable with the permission), amount, delete. */
export function CartList({
  lines,
  canEditPrice,
  onQuantity,
  onPrice,
  onRemove,
}: {
  lines: CartLine[];
  canEditPrice: boolean;
  onQuantity: (goodsId: number, qty: number | null) => void;
  onPrice: (goodsId: number, price: number | null) => void;
  onRemove: (goodsId: number) => void;
}) {
  return (
    <Table<CartLine>
      rowKey="goodsId"
      size="small"
      pagination={false}
      dataSource={lines}
      scroll={{ y: 240 }}
      locale={{ emptyText: '请点击左侧商品加入结算清单' }}
      columns={[
        { title: '商品', dataIndex: 'goodsName', ellipsis: true },
        {
          title: '数量',
          dataIndex: 'quantity',
          width: 74,
          render: (q: number, l) => (
            <InputNumber
              size="small"
              min={0}
              max={9999}
              precision={0}
              value={q}
              onChange={(v) => onQuantity(l.goodsId, v)}
              aria-label={`${l.goodsName}数量`}
              style={{ width: 62 }}
            />
          ),
        },
        {
          title: '单价',
          dataIndex: 'pricePay',
          width: canEditPrice ? 84 : 64,
          render: (p: number, l) =>
            canEditPrice ? (
              <InputNumber
                size="small"
                min={0}
                precision={2}
                value={p}
                onChange={(v) => onPrice(l.goodsId, v)}
                aria-label={`${l.goodsName}单价`}
                style={{ width: 76 }}
              />
            ) : (
              formatYuan(p)
            ),
        },
        { title: '金额', key: 'amount', width: 70, align: 'right', render: (_, l) => lineAmount(l.pricePay, l.quantity) },
        {
          key: 'del',
          title: <span className="sr-only">删除</span>,
          width: 36,
          render: (_, l) => (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onRemove(l.goodsId)} aria-label={`删除${l.goodsName}`} />
          ),
        },
      ]}
    />
  );
}
