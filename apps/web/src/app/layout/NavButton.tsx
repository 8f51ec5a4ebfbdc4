import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';

/**
 * A navbar action: a real button (reachable by Tab, Enter and Space) showing only its icon; the label is
 * its accessible name. Forwards its ref and props so it can be a Tooltip, Popover or Dropdown trigger.
 */
export const NavButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string; icon: ReactNode }>(function NavButton({ label, icon, ...props }, ref) {
  return <Button ref={ref} type="text" aria-label={label} icon={icon} style={{ fontSize: 16 }} {...props} />;
});
