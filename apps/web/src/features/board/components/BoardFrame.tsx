import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { Capability } from '@venue/contract/board';
import { CAPABILITIES } from '@venue/contract/board';
import type { LiveState } from '../hooks/useBoard';
import css from './Board.module.css';

const LIVE_TEXT: Record<LiveState, string> = { connecting: '正在连接…', live: '实时', lost: '连接已断开，正在重连…' };

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span>{now.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</span>;
}

/** A full-screen board: its title, the venue, the clock and the live state, over a grid of panels. */
export function BoardFrame(props: { title: string; venueName?: string; live: LiveState; grid: CSSProperties; children: ReactNode }) {
  return (
    <div className={css.frame}>
      <header className={css.header}>
        <div className={css.side}>{props.venueName ?? ''}</div>
        <h1 className={css.title}>{props.title}</h1>
        <div className={`${css.side} ${css.right}`}>
          <span className={props.live === 'lost' ? css.lost : css.live} role="status" data-live={props.live}>
            {LIVE_TEXT[props.live]}
          </span>
          <Clock />
        </div>
      </header>
      <main className={css.grid} style={props.grid}>
        {props.children}
      </main>
    </div>
  );
}

/** A board that cannot show: why, in one plain line. */
export function BoardMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className={css.frame}>
      <header className={css.header}>
        <div />
        <h1 className={css.title}>{title}</h1>
        <div />
      </header>
      <p className={css.error} role="alert">
        {message}
      </p>
    </div>
  );
}

/**
 * One panel. `missing`: the capability its figures come from has not landed, said instead of numbers;
 * `empty`: nothing recorded yet, said under the (empty) chart.
 */
export function Panel(props: { title: string; area?: string; missing?: Capability; empty?: boolean; children?: ReactNode }) {
  return (
    <section className={css.panel} style={props.area ? { gridArea: props.area } : undefined} aria-label={props.title}>
      <h2 className={css.panelTitle}>{props.title}</h2>
      {props.missing ? (
        <p className={css.note}>「{CAPABILITIES[props.missing]}」功能尚未上线，暂无数据</p>
      ) : (
        <>
          {props.empty && <p className={css.note}>暂无数据</p>}
          <div className={css.panelBody}>{props.children}</div>
        </>
      )}
    </section>
  );
}

export function Stat({ label, value, figure }: { label: string; value: ReactNode; figure: string }) {
  return (
    <div className={css.stat}>
      <div className={css.statLabel}>{label}</div>
      <div className={css.statValue} data-figure={figure}>
        {value}
      </div>
    </div>
  );
}

export function Stats({ children }: { children: ReactNode }) {
  return <div className={css.stats}>{children}</div>;
}

export const tableClass = css.table;
