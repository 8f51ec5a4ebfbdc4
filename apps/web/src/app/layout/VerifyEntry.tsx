import type { ItemType } from 'antd/es/menu/interface';
import { useVerifyEntry, VerifyIcon } from '@/features/verify';
import { NavButton } from './NavButton';

/**
 * 快速核销 in the navbar (spec 2.4): a button on the desktop, an item of the user menu on mobile
 * (`menuItems`); `host` renders the dialog. Nothing for a user who may use none of its tabs.
 */
export function useVerifyNav() {
  const entry = useVerifyEntry();
  const menuItems: ItemType[] = entry.allowed ? [{ key: 'verify', label: '快速核销', icon: <VerifyIcon />, onClick: entry.show }] : [];
  const button = entry.allowed ? <NavButton label="快速核销" title="快速核销" icon={<VerifyIcon />} onClick={entry.show} /> : null;
  return { button, menuItems, host: entry.host };
}
