import { lazy, Suspense, useState } from 'react';
import { Button, Popover } from 'antd';
import { ShoppingCartOutlined, ShopOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@venue/contract';
import { usePermission } from '@/components/Permission';
import { useHotkey } from '@/hooks/useHotkey';
import { NavButton } from './NavButton';

const GoodsSaleDialog = lazy(() => import('@/features/cashier').then((m) => ({ default: m.GoodsSaleDialog })));
const LeaseDialog = lazy(() => import('@/features/lease').then((m) => ({ default: m.LeaseDialog })));
/** features/checkout/shortcuts.ts KEYS.openSale, kept here so the navbar does not load the cashier chunk for it. */
const OPEN_SALE_KEY = 'F2';

/**
 * The navbar's cashier popover (spec 2.4): 商品销售 opens the sale dialog, 商品租赁 the lease dialog
 * (each for who may use it). Buttons, so Tab and Enter reach them; the popover opens on the first, Esc
 * closes it; F2 opens the sale from any page.
 */
export function CashierEntry() {
  const allowed = usePermission([PERMISSIONS.goods.saleOrder.add]);
  const mayLease = usePermission([PERMISSIONS.lease.order.add]);
  const [open, setOpen] = useState(false);
  const [selling, setSelling] = useState(false);
  const [leasing, setLeasing] = useState(false);
  const startSale = () => {
    setOpen(false);
    setSelling(true);
  };
  const startLease = () => {
    setOpen(false);
    setLeasing(true);
  };
  useHotkey(OPEN_SALE_KEY, startSale, allowed && !selling);
  if (!allowed && !mayLease) return null;
  return (
    <>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        title="收银台"
        destroyOnHidden
        content={
          <div onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
            {allowed && (
              <Button type="primary" block autoFocus icon={<ShoppingCartOutlined />} onClick={startSale}>
                商品销售
              </Button>
            )}
            {mayLease && (
              <Button block autoFocus={!allowed} icon={<ShopOutlined />} onClick={startLease} style={{ marginTop: allowed ? 8 : 0 }}>
                商品租赁
              </Button>
            )}
          </div>
        }
      >
        <NavButton label="收银台" icon={<ShoppingCartOutlined />} aria-expanded={open} />
      </Popover>
      {selling && (
        <Suspense fallback={null}>
          <GoodsSaleDialog open={selling} onClose={() => setSelling(false)} />
        </Suspense>
      )}
      {leasing && (
        <Suspense fallback={null}>
          <LeaseDialog open={leasing} onClose={() => setLeasing(false)} />
        </Suspense>
      )}
    </>
  );
}
