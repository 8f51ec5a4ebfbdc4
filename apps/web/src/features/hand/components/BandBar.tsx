import { Alert, Button, Space } from 'antd';
import type { Hand } from '@venue/contract';

/** The band scanned in a sale or rental dialog: 记到手牌 charges the cart to it. */
export function BandBar({ band, onCharge, onClear, loading }: { band: Hand; onCharge: () => void; onClear: () => void; loading: boolean }) {
  return (
    <Alert
      style={{ marginTop: 12 }}
      type="info"
      showIcon
      message={`手牌 ${band.handNo}（${band.phyId}）使用中`}
      action={
        <Space>
          <Button size="small" type="primary" loading={loading} onClick={onCharge}>
            记到手牌
          </Button>
          <Button size="small" onClick={onClear}>
            移除手牌
          </Button>
        </Space>
      }
    />
  );
}
