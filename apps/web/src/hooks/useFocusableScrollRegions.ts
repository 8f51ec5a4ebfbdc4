import { useEffect, type RefObject } from 'react';

const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

/**
 * A table wider or taller than its box scrolls inside it, and a keyboard reaches that scroll only if the
 * box takes focus (WCAG 2.1.1; axe's scrollable-region-focusable: a phone's 销售订单 or 通行记录, a dialog's
 * list). antd's tables give it none, so every such box under `root` is a labelled tab stop while it scrolls.
 */
export function useFocusableScrollRegions(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let frame = 0;
    const mark = () => {
      frame = 0;
      for (const box of element.querySelectorAll<HTMLElement>(SCROLL_BOXES)) {
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (scrolls && !box.hasAttribute('tabindex')) {
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', '表格，可用方向键滚动');
          box.dataset.scrollStop = '';
        } else if (!scrolls && box.dataset.scrollStop !== undefined) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
          delete box.dataset.scrollStop;
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(element, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      changes.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [root]);
}
