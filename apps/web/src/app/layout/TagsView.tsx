import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CloseOutlined } from '@ant-design/icons';
import { useRovingFocus } from '@/hooks/useRovingFocus';
import { useTags, type VisitedView } from './tags';
import styles from './TagsView.module.css';

const MENU_WIDTH = 105;

/** The tags bar of spec 2.4 (a tablist) with the right-click menu 刷新 / 关闭 / 关闭其他 / 关闭全部. */
export function TagsView() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { visited, close, closeOthers, closeAll, refresh } = useTags();
  const container = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ left: number; top: number; view: VisitedView } | null>(null);
  // One tab stop, on the current page's tag; arrows move along the strip, Enter opens, Delete closes.
  const tabStops = useRovingFocus(visited.length, { stop: visited.findIndex((v) => v.path === pathname) });

  useEffect(() => {
    if (!menu) return;
    const hide = () => setMenu(null);
    document.addEventListener('click', hide);
    return () => document.removeEventListener('click', hide);
  }, [menu]);

  useEffect(() => {
    container.current?.querySelector(`[data-path="${CSS.escape(pathname)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visited.length]);

  function goToLast(remaining: VisitedView[]) {
    const last = remaining[remaining.length - 1];
    navigate(last ? last.fullPath : '/');
  }
  function closeTag(view: VisitedView) {
    if (view.affix) return;
    const remaining = close(view.path);
    if (view.path === pathname) goToLast(remaining);
  }
  function openMenu(e: MouseEvent, view: VisitedView) {
    e.preventDefault();
    const box = container.current!.getBoundingClientRect();
    const left = Math.min(e.clientX - box.left + 15, box.width - MENU_WIDTH);
    setMenu({ left, top: e.clientY - box.top, view });
  }
  function reload(view: VisitedView) {
    refresh(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  }

  return (
    <div className={styles.bar} ref={container}>
      <div className={styles.strip} role="tablist" aria-label="已访问页面">
        {visited.map((view, i) => (
          <span
            key={view.path}
            data-path={view.path}
            role="tab"
            aria-selected={view.path === pathname}
            {...tabStops.itemProps(i)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') navigate(view.fullPath);
              else if (e.key === 'Delete' && !view.affix) closeTag(view);
              else tabStops.itemProps(i).onKeyDown(e);
            }}
            className={view.path === pathname ? `${styles.tag} ${styles.active}` : styles.tag}
            onClick={() => navigate(view.fullPath)}
            onMouseUp={(e) => e.button === 1 && closeTag(view)}
            onContextMenu={(e) => openMenu(e, view)}
          >
            {view.title}
            {!view.affix && (
              <CloseOutlined
                className={styles.close}
                aria-label={`关闭${view.title}`}
                onClick={(e) => {
                  e.stopPropagation();
                  closeTag(view);
                }}
              />
            )}
          </span>
        ))}
      </div>
      {menu && (
        <ul className={styles.menu} style={{ left: menu.left, top: menu.top, width: MENU_WIDTH }} role="menu">
          <li role="menuitem" onClick={() => reload(menu.view)}>
            刷新
          </li>
          {!menu.view.affix && (
            <li role="menuitem" onClick={() => closeTag(menu.view)}>
              关闭
            </li>
          )}
          <li
            role="menuitem"
            onClick={() => {
              closeOthers(menu.view.path);
              if (menu.view.path !== pathname) navigate(menu.view.fullPath);
            }}
          >
            关闭其他
          </li>
          <li
            role="menuitem"
            onClick={() => {
              closeAll();
              goToLast(visited.filter((v) => v.affix));
            }}
          >
            关闭全部
          </li>
        </ul>
      )}
    </div>
  );
}
