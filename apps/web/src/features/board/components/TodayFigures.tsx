import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import type { ScreenKey } from '@venue/contract';
import * as board from '@venue/contract/board';
import { chinaDate } from '@venue/contract/common/china-time';
import { codesOf } from '@venue/contract/common/access';
import { SCREENS } from '@venue/contract/screens';
import { usePermission } from '@/components/Permission';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { viewRoutes } from '@/lib/menu-routes';
import { useSession } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { yuanText } from '../charts';
import { BOARD_ROUTES } from '../boards';
import { useBoardEvents } from '../hooks/useBoard';
import { HOME_REFRESH_MS, OpenItems } from './OpenItems';

const chinaToday = () => chinaDate(Date.now());

/**
 * 首页's figures for the current venue today: revenue by pay method and channel, orders, people in the
 * venue and entries, each with a link to its list. They move with the boards' events (a sale shows within
 * about a second), and are read again every 30 s besides. Without 数据看板 only 其他 (what the user may read
 * of it) is shown.
 */
export function TodayFigures({ venueId }: { venueId: number }) {
  const today = chinaToday();
  const menus = useSession((s) => s.menus);
  const pathOf = useMemo(() => {
    const routes = menus ? viewRoutes(menus) : [];
    return (screen: ScreenKey) => routes.find((r) => r.component === screen)?.fullPath;
  }, [menus]);
  const canBoards = usePermission(codesOf(board.revenueQuery.access));
  const options = { refetchInterval: HOME_REFRESH_MS, quiet: true, enabled: canBoards };
  const revenue = useApiQuery(board.revenueQuery, { query: { venueId, beginDate: today, endDate: today, unit: 'day' } }, options);
  const flow = useApiQuery(board.flowQuery, { query: { venueId } }, options);
  const verified = useApiQuery(board.verificationsQuery, { query: { venueId, date: today } }, options);
  const invalidate = useInvalidate();
  const token = tokenStore.get();
  const live = useBoardEvents(canBoards && token ? { token, venueId } : undefined, () => {
    void invalidate([board.revenueQuery, board.flowQuery, board.verificationsQuery]);
  });
  const link = (screen: ScreenKey, text: string) => {
    const path = pathOf(screen);
    return path ? <Link to={path}>{text}</Link> : null;
  };
  const r = revenue.data;
  const f = flow.data;
  const openItems = <OpenItems venueId={venueId} link={(screen, text) => link(SCREENS[screen], text)} />;
  if (!canBoards)
    return (
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          {openItems}
        </Col>
      </Row>
    );
  return (
    <div style={{ marginBottom: 16 }} data-live={live}>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small" title="今日营收（元）" extra={link(SCREENS.goodsSaleOrder, '销售订单')}>
            <Statistic value={r ? yuanText(r.total.net) : '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" title="今日订单">
            <Statistic value={r?.total.orders ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" title="在馆人数" extra={link(SCREENS.gatePass, '通行记录')}>
            <Statistic value={f?.inVenue ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" title="今日入场">
            <Statistic value={f?.inCount ?? '—'} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="支付方式（今日）">
            {r?.byPayMode.length ? (
              <List size="small" dataSource={r.byPayMode} renderItem={(m) => <List.Item extra={yuanText(m.amount)}>{m.label}</List.Item>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今日暂无收款" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="渠道（今日）">
            {r?.byChannel.length ? (
              <List size="small" dataSource={r.byChannel} renderItem={(m) => <List.Item extra={yuanText(m.amount)}>{m.label}</List.Item>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今日暂无收款" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="今日核销" extra={link(SCREENS.marketingCouponRecord, '核销记录')}>
            {verified.data ? (
              <List
                size="small"
                dataSource={[...verified.data.bySource, { key: 'total', label: '合计', count: verified.data.total }]}
                renderItem={(v) => <List.Item extra={<span data-testid={`verified-${v.key}`}>{v.count}</span>}>{v.label}</List.Item>}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          {openItems}
        </Col>
      </Row>
      <Typography.Paragraph style={{ marginTop: 12 }}>
        看板：
        {BOARD_ROUTES.filter((b) => b.kind !== 'video').map((b) => (
          <Link key={b.path} to={b.path} style={{ marginRight: 12 }}>
            {b.title}（{b.path}）
          </Link>
        ))}
      </Typography.Paragraph>
    </div>
  );
}
