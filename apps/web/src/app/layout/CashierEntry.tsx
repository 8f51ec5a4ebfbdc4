import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Space } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@venue/contract';
import { usePermission } from '@/components/Permission';

const GoodsSaleDialog = lazy(() => import('@/features/cashier').then((m) => ({ default: m.GoodsSaleDialog })));

/** The navbar's cashier popover (spec 2.4): 商品销售 opens the sale dialog. Leases are not built yet, so not offered. */
export function CashierEntry() {
  const allowed = usePermission([PERMISSIONS.goods.saleOrder.add]);
  const [open, setOpen] = useState(false);
  const [selling, setSelling] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        title="收银台"
        content={
          <Space direction="vertical">
            <Button
              type="primary"
              block
              icon={<ShoppingCartOutlined />}
              onClick={() => {
                setOpen(false);
                setSelling(true);
              }}
            >
              商品销售
            </Button>
          </Space>
        }
      >
        <span style={{ cursor: 'pointer', fontSize: 16 }} aria-label="收银台" role="button">
          <ShoppingCartOutlined />
        </span>
      </Popover>
      {selling && (
        <Suspense fallback={null}>
          <GoodsSaleDialog open={selling} onClose={() => setSelling(false)} />
        </Suspense>
      )}
    </>
  );
}
