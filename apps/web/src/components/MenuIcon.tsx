import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  ScanOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Menu icon names stored on the server, mapped to the icons we ship (an unknown name shows none). */
const ICONS: Record<string, ReactNode> = {
  appstore: <AppstoreOutlined />,
  chart: <BarChartOutlined />,
  book: <BookOutlined />,
  card: <CreditCardOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  gift: <GiftOutlined />,
  home: <HomeOutlined />,
  idcard: <IdcardOutlined />,
  log: <FileSearchOutlined />,
  scan: <ScanOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  cart: <ShoppingCartOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  wallet: <WalletOutlined />,
};
export const menuIcon = (name?: string): ReactNode => (name ? ICONS[name] : undefined);
