import { Descriptions, Modal, Tag, Typography } from 'antd';
import { RECORD_STATE_LABELS, type VerificationRecord } from '@venue/contract/marketing';
import { formatTime } from '@/lib/format';
import { fenToYuan } from '@/lib/money';

/** Platform call names as the record keeps them ("verify:<logid>"). */
const CALLS: Record<string, string> = { prepare: '验券准备', verify: '验券', get: '券状态查询', cancel: '撤销核销' };

/**
 * One verification record in full: what the platform answered for it (order, certificate id, verify id,
 * encrypted code) and the logid of each call, the id the platform's support asks for.
 */
export function RecordDetail({ record, onClose }: { record: VerificationRecord | null; onClose: () => void }) {
  return (
    <Modal open={record !== null} title="核销记录详情" width={760} footer={null} onCancel={onClose}>
      {record && (
        <Descriptions size="small" bordered column={2}>
          <Descriptions.Item label="券码">{record.code}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag>{RECORD_STATE_LABELS[record.state]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="商品">{record.skuTitle}</Descriptions.Item>
          <Descriptions.Item label="实付金额（元）">{fenToYuan(record.payAmount)}</Descriptions.Item>
          <Descriptions.Item label="平台订单号">{record.orderId}</Descriptions.Item>
          <Descriptions.Item label="券ID">{record.certificateId || '—'}</Descriptions.Item>
          <Descriptions.Item label="核销编号">{record.verifyId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="核销时间">{formatTime(record.verifyTime ?? record.createTime)}</Descriptions.Item>
          <Descriptions.Item label="场馆">{record.venueName}</Descriptions.Item>
          <Descriptions.Item label="操作人">{record.userName}</Descriptions.Item>
          <Descriptions.Item label="加密券码" span={2}>
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {record.encryptedCode}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="平台日志ID（logid）" span={2}>
            {record.logids.length
              ? record.logids.map((entry) => {
                  const [call, logid] = entry.split(':');
                  return (
                    <div key={entry}>
                      {CALLS[call] ?? call}：<Typography.Text copyable>{logid}</Typography.Text>
                    </div>
                  );
                })
              : '—'}
          </Descriptions.Item>
          {record.message ? (
            <Descriptions.Item label="说明" span={2}>
              {record.message}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      )}
    </Modal>
  );
}
