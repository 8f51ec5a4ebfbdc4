import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareKeyOf } from './voucher-input.ts';

/** What the staff typed or scanned, as prepare is asked: Douyin's own short links, without the network. */
const rules = { origins: [], timeoutMs: 500 };
const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

describe('a voucher code or a customer QR code as prepare takes it', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends digits as the code, anything else as the object id', async () => {
    expect(await prepareKeyOf(' 100000000011 ', rules)).toEqual({ code: '100000000011' });
    expect(await prepareKeyOf('7bX2kq9LmN0pQr', rules)).toEqual({ encrypted_data: '7bX2kq9LmN0pQr' });
    expect(await prepareKeyOf('73829104756382910475', rules)).toEqual({ encrypted_data: '73829104756382910475' });
  });

  it('follows a v.douyin.com short link through Douyin hosts to the long link naming the object id, never fetching that one', async () => {
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      fetched.push(String(url));
      if (String(url) === 'https://v.douyin.com/iRNBho6u/') return redirect('https://www.iesdouyin.com/share/coupon/?id=1');
      return redirect('https://life.example.cn/verify?object_id=OBJ-42&from=share');
    });
    expect(await prepareKeyOf('https://v.douyin.com/iRNBho6u/', rules)).toEqual({ encrypted_data: 'OBJ-42' });
    expect(fetched).toEqual(['https://v.douyin.com/iRNBho6u/', 'https://www.iesdouyin.com/share/coupon/?id=1']);
  });

  it("takes a barcode gun's short link, whose ':' and '/' the keyboard scanner dropped (spec 4)", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(redirect('https://www.douyin.com/x?object_id=OBJ-7'));
    expect(await prepareKeyOf('httpsv.douyin.comiRNBho6u', rules)).toEqual({ encrypted_data: 'OBJ-7' });
    expect(String(fetch.mock.calls[0][0])).toBe('https://v.douyin.com/iRNBho6u/');
  });

  it('refuses a link off Douyin without fetching it, and a short link that leads nowhere, in Chinese', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('gone', { status: 404 }));
    await expect(prepareKeyOf('https://evil.example.com/?id=1', rules)).rejects.toThrow('不是抖音团购券二维码，请输入券码');
    await expect(prepareKeyOf('http://v.douyin.com/abc/', rules)).rejects.toThrow('不是抖音团购券二维码，请输入券码');
    expect(fetch).not.toHaveBeenCalled();
    await expect(prepareKeyOf('https://v.douyin.com/abc/', rules)).rejects.toThrow('抖音券二维码链接无法解析（HTTP 404），请输入券码');
    fetch.mockResolvedValue(redirect('http://[bad'));
    await expect(prepareKeyOf('https://v.douyin.com/abc/', rules)).rejects.toThrow('抖音券二维码链接无法解析（跳转地址无效），请输入券码');
  });

  it('gives up on a short link that does not answer within the limit', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'TimeoutError')))),
    );
    await expect(prepareKeyOf('https://v.douyin.com/slow/', { origins: [], timeoutMs: 50 })).rejects.toThrow('抖音券二维码链接无法解析（超时），请输入券码');
  });
});
