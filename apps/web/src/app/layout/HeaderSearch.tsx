import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import Fuse from 'fuse.js';
import { searchEntries } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';

const MAX_PATTERN = 32;

/** Header route search (shell-behaviour "Header search"): fuse over titles (0.7) and paths (0.3). */
export function HeaderSearch() {
  const menus = useSession((s) => s.menus);
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const [results, setResults] = useState<{ title: string; path: string }[]>([]);
  const fuse = useMemo(
    () =>
      new Fuse(searchEntries(menus ?? []), {
        shouldSort: true,
        threshold: 0.4,
        location: 0,
        distance: 100,
        minMatchCharLength: 1,
        keys: [
          { name: 'title', weight: 0.7 },
          { name: 'path', weight: 0.3 },
        ],
      }),
    [menus],
  );

  function choose(path: string) {
    if (/^https?:/.test(path)) window.open(path, '_blank', 'noopener');
    else navigate(path);
    setShow(false);
    setResults([]);
  }

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <SearchOutlined style={{ cursor: 'pointer', fontSize: 16 }} aria-label="搜索菜单" onClick={() => setShow(!show)} />
      {show && (
        <Select
          showSearch={{ filterOption: false, onSearch: (q) => setResults(q ? fuse.search(q.slice(0, MAX_PATTERN)).map((r) => r.item) : []) }}
          autoFocus
          defaultOpen
          placeholder="搜索"
          style={{ width: 210 }}
          value={null}
          onBlur={() => setShow(false)}
          onChange={(path: string) => choose(path)}
          options={results.map((r) => ({ value: r.path, label: r.title }))}
          notFoundContent={null}
        />
      )}
    </span>
  );
}
