import { Col, Row, Table } from 'antd';
import * as report from '@venue/contract/report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { Figures, Panel } from '../components/Figures';
import { ReportFilter } from '../components/ReportFilter';
import { useReportRange } from '../useReportRange';

const money = { align: 'right' as const, render: (v: number) => v.toFixed(2) };

/** 商品销售统计: the overview, by day, by venue, by goods (units, refunds, money) and the goods in most orders. */
export default function GoodsReportPage() {
  const [query, setQuery] = useReportRange();
  const input = { query };
  const overview = useApiQuery(report.goodsSaleOverview, input);
  const days = useApiQuery(report.queryGoodsSaleStatistic, input);
  const venues = useApiQuery(report.queryGoodsSaleByVenue, input);
  const goods = useApiQuery(report.queryGoodsSaleByGoods, input);
  const counts = useApiQuery(report.queryGoodsSaleByGoodsOrderCount, input);
  const o = overview.data;
  return (
    <div>
      <ReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(report.exportGoodsSaleStatistic, { query: q })} />
      <Figures
        items={[
          { title: '订单数', value: o?.orders ?? 0 },
          { title: '销售件数', value: o?.quantity ?? 0 },
          { title: '实收（元）', value: o?.amount ?? 0, precision: 2 },
          { title: '退款（元）', value: o?.refund ?? 0, precision: 2 },
          { title: '净收（元）', value: o?.net ?? 0, precision: 2 },
        ]}
      />
      <Panel title="按日统计" empty={!days.isLoading && !days.data?.length}>
        <Table
          size="small"
          rowKey="day"
          loading={days.isLoading}
          dataSource={days.data}
          pagination={false}
          scroll={{ x: 600, y: 400 }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '订单数', dataIndex: 'orders', align: 'right' },
            { title: '销售件数', dataIndex: 'quantity', align: 'right' },
            { title: '实收（元）', dataIndex: 'amount', ...money },
            { title: '退款（元）', dataIndex: 'refund', ...money },
            { title: '净收（元）', dataIndex: 'net', ...money },
          ]}
        />
      </Panel>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Panel title="按场馆统计" empty={!venues.isLoading && !venues.data?.length}>
            <Table
              size="small"
              rowKey="venueId"
              loading={venues.isLoading}
              dataSource={venues.data}
              pagination={false}
              columns={[
                { title: '场馆', dataIndex: 'venueName' },
                { title: '订单数', dataIndex: 'orders', align: 'right' },
                { title: '实收（元）', dataIndex: 'amount', ...money },
                { title: '净收（元）', dataIndex: 'net', ...money },
              ]}
            />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel title="商品订单数排行" empty={!counts.isLoading && !counts.data?.length}>
            <Table
              size="small"
              rowKey="goodsId"
              loading={counts.isLoading}
              dataSource={counts.data}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: '商品', dataIndex: 'goodsName' },
                { title: '订单数', dataIndex: 'orderCount', align: 'right' },
              ]}
            />
          </Panel>
        </Col>
      </Row>
      <Panel title="按商品统计" empty={!goods.isLoading && !goods.data?.length}>
        <Table
          size="small"
          rowKey="goodsId"
          loading={goods.isLoading}
          dataSource={goods.data}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: '商品', dataIndex: 'goodsName' },
            { title: '销量', dataIndex: 'quantity', align: 'right' },
            { title: '退货量', dataIndex: 'refundQuantity', align: 'right' },
            { title: '销售额（元）', dataIndex: 'amount', ...money },
          ]}
        />
      </Panel>
    </div>
  );
}
