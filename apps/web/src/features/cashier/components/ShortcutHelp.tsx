import { Button, Popover } from 'antd';
import { QuestionOutlined } from '@ant-design/icons';
import { SHORTCUT_HELP } from '@/features/checkout';
import styles from './GoodsSaleDialog.module.css';

/** The "?" of the sale dialog: the keyboard shortcuts of the till. */
export function ShortcutHelp() {
  return (
    <Popover
      trigger="click"
      title="快捷键"
      destroyOnHidden
      content={
        <table className={styles.shortcuts} aria-label="快捷键">
          <tbody>
            {SHORTCUT_HELP.map((s) => (
              <tr key={s.keys}>
                <th scope="row">
                  <kbd>{s.keys}</kbd>
                </th>
                <td>{s.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Button size="small" shape="circle" icon={<QuestionOutlined />} aria-label="快捷键帮助" />
    </Popover>
  );
}
