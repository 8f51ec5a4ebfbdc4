import { Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { readyLazy } from './ready-lazy';

let mounts = 0;
function Dialog({ title }: { title: string }) {
  useEffect(() => void (mounts += 1), []);
  return <p>{title}</p>;
}
const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>加载中</p>}>{node}</Suspense>;

describe('readyLazy', () => {
  it('renders a preloaded component in the same render, with no fallback', async () => {
    const dialog = readyLazy(() => Promise.resolve(Dialog));
    await dialog.preload();
    render(inSuspense(<dialog.Component title="商品销售" />));
    expect(screen.getByText('商品销售')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('suspends until the code lands when not preloaded, and keeps that mount when it renders again', async () => {
    let land!: () => void;
    const dialog = readyLazy(() => new Promise<typeof Dialog>((resolve) => (land = () => resolve(Dialog))));
    mounts = 0;
    const view = render(inSuspense(<dialog.Component title="商品租赁" />));
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => land());
    expect(await screen.findByText('商品租赁')).toBeTruthy();
    view.rerender(inSuspense(<dialog.Component title="商品租赁 2" />));
    expect(screen.getByText('商品租赁 2')).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
