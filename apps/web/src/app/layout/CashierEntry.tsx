import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Popover } from 'antd';
import { ShoppingCartOutlined, ShopOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useHotkey } from '@/hooks/useHotkey';
import { readyLazy } from '@/lib/ready-lazy';
import { useSession } from '@/lib/session';
import { NavButton } from './NavButton';

const loadTill = () => import('@/features/cashier');
const saleDialog = readyLazy(() => loadTill().then((m) => m.GoodsSaleDialog));
const GoodsSaleDialog = saleDialog.Component;
const LeaseDialog = lazy(() => import('@/features/lease').then((m) => ({ default: m.LeaseDialog })));
/** features/checkout/shortcuts.ts KEYS.openSale, kept here so the navbar does not load the cashier chunk for it. */
const OPEN_SALE_KEY = 'F2';
/** How long after login the till's code waits before loading (the first screen draws in about a second). */
const FIRST_SCREEN_MS = 1500;
/** …and until no key has been pressed nor a pointer put down for this long. */
const KEYS_QUIET_MS = 1000;

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
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  useIdlePreload(allowed ? venueId : null, (venue) => Promise.all([saleDialog.preload(), loadTill().then((till) => till.prefetchTill(venue))]));
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

/**
 * Loads a dialog's code and first data once the page is idle (issue 33: the first 商品销售 after login
 * waited 0.8-1.9 s for the till's chunk and goods), again when the venue changes. A failed load is left
 * to the click, which shows it.
 */
function useIdlePreload(venueId: number | null, load: (venueId: number) => Promise<unknown>) {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    if (!venueId) return;
    let lastKeyAt = 0;
    const onKey = () => (lastKeyAt = performance.now());
    // A click often comes right before a scan (opening a dialog): it counts as a key.
    const inputs = ['keydown', 'pointerdown'] as const;
    for (const type of inputs) window.addEventListener(type, onKey, true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle = 0;
    // Not before the first screen has drawn (loading while 首页 waited for its figures made it later), and
    // never while keys arrive: the chunk's evaluation stalled a card scan past the 50 ms that ends a scan
    // (spec 4), and the scan was read as two codes (seen in CI).
    const wait = (ms: number) =>
      (timer = setTimeout(() => {
        if (performance.now() - lastKeyAt < KEYS_QUIET_MS) return wait(KEYS_QUIET_MS);
        const run = () => (performance.now() - lastKeyAt < KEYS_QUIET_MS ? wait(KEYS_QUIET_MS) : void latest.current(venueId).catch(() => undefined));
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5000 });
        else run();
      }, ms));
    wait(FIRST_SCREEN_MS);
    return () => {
      clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
      for (const type of inputs) window.removeEventListener(type, onKey, true);
    };
  }, [venueId]);
}
