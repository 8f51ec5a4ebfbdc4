import { Button, Result, Spin } from 'antd';

/** A screen's page while its code loads (the frame stays as it is). */
export const pageLoading = (
  <div style={{ padding: '80px 0', textAlign: 'center' }}>
    <Spin size="large" description="加载中..." />
  </div>
);

/** A screen's page whose code could not be loaded (the network, or a new version replaced the old files). */
export const pageFailed = (
  <Result
    status="warning"
    title="页面加载失败"
    subTitle="请检查网络后刷新重试"
    extra={
      <Button type="primary" onClick={() => window.location.reload()}>
        刷新
      </Button>
    }
  />
);
