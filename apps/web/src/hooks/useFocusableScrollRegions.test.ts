// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useFocusableScrollRegions } from './useFocusableScrollRegions';

/** A table's scroll box whose content is `width` wide in a box 300 wide (jsdom lays nothing out). */
function scrollBox(root: HTMLElement, width: number) {
  const box = document.createElement('div');
  box.className = 'ant-table-content';
  Object.defineProperty(box, 'clientWidth', { value: 300 });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: width });
  root.append(box);
  return box;
}

describe('useFocusableScrollRegions', () => {
  it('makes a scrolling table box a labelled tab stop, leaves one that fits alone, and takes the stop back when it fits', async () => {
    const root = document.createElement('main');
    document.body.append(root);
    const wide = scrollBox(root, 900);
    const narrow = scrollBox(root, 300);
    renderHook(() => useFocusableScrollRegions({ current: root }));
    await waitFor(() => expect(wide.getAttribute('tabindex')).toBe('0'));
    expect(wide.getAttribute('role')).toBe('region');
    expect(wide.getAttribute('aria-label')).toBe('表格，可用方向键滚动');
    expect(narrow.hasAttribute('tabindex')).toBe(false);

    // A table added later (a page's data arriving) is seen through the DOM change.
    const later = scrollBox(root, 1200);
    await waitFor(() => expect(later.getAttribute('tabindex')).toBe('0'));

    Object.defineProperty(wide, 'scrollWidth', { value: 300 });
    window.dispatchEvent(new Event('resize'));
    await waitFor(() => expect(wide.hasAttribute('tabindex')).toBe(false));
    expect(wide.hasAttribute('role')).toBe(false);
  });

  it('keeps a tab index the page set itself', async () => {
    const root = document.createElement('main');
    const own = scrollBox(root, 900);
    own.tabIndex = -1;
    renderHook(() => useFocusableScrollRegions({ current: root }));
    await new Promise((done) => requestAnimationFrame(done));
    await new Promise((done) => requestAnimationFrame(done));
    expect(own.getAttribute('tabindex')).toBe('-1');
    expect(own.hasAttribute('role')).toBe(false);
  });
});
