import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { readyLazy } from './ready-lazy';

let mounts = 0;
function Dialog({ title }: { title: string }) {
  useEffect(() => void (mounts += 1), []);
  return <p>{title}</p>;
}
const fallback = <p>加载中</p>;

describe('readyLazy', () => {
  it('renders a preloaded component in the same render, with no fallback', async () => {
    const dialog = readyLazy(() => Promise.resolve(Dialog), { fallback });
    await dialog.preload();
    render(<dialog.Component title="商品销售" />);
    expect(screen.getByText('商品销售')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('shows the fallback until the code lands, then the component, mounted once through later renders', async () => {
    let land!: () => void;
    const dialog = readyLazy(() => new Promise<typeof Dialog>((resolve) => (land = () => resolve(Dialog))), { fallback });
    mounts = 0;
    const view = render(<dialog.Component title="商品租赁" />);
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => land());
    expect(screen.getByText('商品租赁')).toBeTruthy();
    view.rerender(<dialog.Component title="商品租赁 2" />);
    expect(screen.getByText('商品租赁 2')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('shows `failed` when the code cannot be loaded, and loads again on the next use', async () => {
    let attempts = 0;
    const page = readyLazy(() => (++attempts === 1 ? Promise.reject(new Error('chunk')) : Promise.resolve(Dialog)), { fallback, failed: <p>页面加载失败</p> });
    const first = render(<page.Component title="商品档案" />);
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    first.unmount();
    render(<page.Component title="商品档案" />);
    expect(await screen.findByText('商品档案')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
