import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { rules } from './validators';

describe('rules inside an antd Form', () => {
  it('shows the message for a bad value and passes an empty one', async () => {
    const { container } = render(
      <Form>
        <Form.Item name="phone" label="电话" rules={[rules.mobile]}>
          <Input placeholder="电话" />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.change(screen.getByPlaceholderText('电话'), { target: { value: '123' } });
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    expect(container.querySelector('.ant-form-item-has-error')).not.toBeNull();
    fireEvent.change(screen.getByPlaceholderText('电话'), { target: { value: '' } });
    await waitFor(() => expect(container.querySelector('.ant-form-item-has-error')).toBeNull());
  });
});
