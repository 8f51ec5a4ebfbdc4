import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';

/** An input's clear (×) with a name screen readers say (antd's icon button has none). */
export const namedClear = { clearIcon: <CloseCircleFilled aria-label="清空" /> };

/** An Input.Search's icon button with a Chinese name: `searchIcon={namedSearch('查找商品')}`. */
export const namedSearch = (name: string) => <SearchOutlined aria-label={name} />;
