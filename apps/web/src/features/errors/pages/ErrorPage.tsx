import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

const TEXT = {
  404: { title: '404', subTitle: '抱歉，您访问的页面不存在。' },
  401: { title: '401', subTitle: '抱歉，您没有权限访问该页面。' },
} as const;

export function ErrorPage({ status }: { status: 404 | 401 }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status === 404 ? '404' : '403'}
      title={TEXT[status].title}
      subTitle={TEXT[status].subTitle}
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          返回上一页
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate('/dashboard')}>
          返回首页
        </Button>,
      ]}
    />
  );
}
export const NotFoundPage = () => <ErrorPage status={404} />;
export const UnauthorisedPage = () => <ErrorPage status={401} />;
export default NotFoundPage;
