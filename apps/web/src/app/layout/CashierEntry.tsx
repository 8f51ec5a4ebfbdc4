import { lazy, Suspense, useState } from 'react';
import { Button, Popover } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@venue/contract';
import { usePermission } from '@/components/Permission';
import { useHotkey } from '@/hooks/useHotkey';
import { NavButton } from './NavButton';

const GoodsSaleDialog = lazy(() => import('@/features/cashier').then((m) => ({ default: m.GoodsSaleDialog })));
/** features/cashier/shortcuts.ts KEYS.openSale, kept here so the navbar does not load the cashier chunk for it. */
const OPEN_SALE_KEY = 'F2';

/**
 * The navbar's cashier popover (spec 2.4): 商品销售 opens the sale dialog. A button, so Tab and Enter
 * reach it; the popover opens on its one action, Esc closes it; F2 opens the sale from any page.
 * Leases are not built yet, so not offered.
 */
export function CashierEntry() {
  const allowed = usePermission([PERMISSIONS.goods.saleOrder.add]);
  const [open, setOpen] = useState(false);
  const [selling, setSelling] = useState(false);
  const startSale = () => {
    setOpen(false);
    setSelling(true);
  };
  useHotkey(OPEN_SALE_KEY, startSale, allowed && !selling);
  if (!allowed) return null;
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
            <Button type="primary" block autoFocus icon={<ShoppingCartOutlined />} onClick={startSale}>
              商品销售
            </Button>
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
    </>
  );
}
