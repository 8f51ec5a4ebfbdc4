import { useRef } from 'react';
import { App } from 'antd';
import * as payment from '@venue/contract/payment';
import { callApi } from '@/lib/http';
import { copyQuestion, DEFAULT_PRINT_CONFIG, PrintCounter, shouldPrint } from './print-rules';

/** Prints one copy of what was loaded; `copy` is the copy's number, printed on the slip. */
export type PrintOne<T> = (loaded: T, copy: number) => void;

/**
 * What every printer of paid orders shares (receipts, QR slips), spec 4 "Printing": the venue's 小票打印设置
 * for the kind (`typeId`), printNum copies after a payment unless the rules skip printing, and the copy
 * counter: from the second copy the user confirms, a cancel starts it again at 1.
 */
export function usePrintCopies(venueId: number | null | undefined, typeId: string) {
  const { modal } = App.useApp();
  const counter = useRef(new PrintCounter(1));

  async function config() {
    if (!venueId) return DEFAULT_PRINT_CONFIG;
    return callApi(payment.getPrintConfig, { query: { venueId, typeId } }, { quiet: true }).catch(() => DEFAULT_PRINT_CONFIG);
  }

  /** One copy; from the second copy the user confirms. Answers whether it printed. */
  async function printCopy<T>(loaded: T, print: PrintOne<T>): Promise<boolean> {
    if (counter.current.needsConfirm) {
      const ok = await modal.confirm({ title: '提示', content: copyQuestion(counter.current.next), okText: '确定', cancelText: '取消' });
      if (!ok) {
        counter.current.cancel();
        return false;
      }
    }
    print(loaded, counter.current.next);
    counter.current.printed();
    return true;
  }

  /** After a payment: printNum copies of what `load` answers, unless the rules skip printing; answers it (null when nothing printed). */
  async function afterPayment<T>(payMode: string, payType: string | null | undefined, load: () => Promise<T>, print: PrintOne<T>): Promise<T | null> {
    const cfg = await config();
    if (!shouldPrint(cfg, payMode, payType)) return null;
    const loaded = await load();
    counter.current = new PrintCounter(cfg.printNum);
    for (let copy = 1; copy <= cfg.printNum; copy += 1) {
      if (!(await printCopy(loaded, print))) break;
    }
    return loaded;
  }

  /** 重打: one more copy of what was printed. */
  async function again<T>(load: () => Promise<T>, print: PrintOne<T>): Promise<void> {
    const [loaded, cfg] = await Promise.all([load(), config()]);
    counter.current.configure(cfg.printNum);
    await printCopy(loaded, print);
  }

  return { afterPayment, again };
}
