/**
 * The shop manager's screens of issue 12 item 7 and issue 14 (products, DSA notices, green claims, product safety):
 * their addresses, navigation links and screens, kept apart from the shell so that it only includes them.
 * All need `manage_shop`, as the REST routes behind them do.
 */
import { __ } from '@wordpress/i18n';
import { DsaNoticesScreen } from '../compliance/dsa-notices.js';
import { GreenClaimsScreen } from '../compliance/green-claims.js';
import { ProductSafetyScreen } from '../compliance/product-safety.js';
import { ProductsScreen } from '../products/index.js';
import type { StartData } from './start-data.js';
import { navigate } from './use-route.js';

export type ShopScreen = 'products' | 'dsa-notices' | 'green-claims' | 'product-safety';

const SCREENS: { screen: ShopScreen; path: string; label: string }[] = [
  { screen: 'products', path: '/admin/products', label: __('Products') },
  { screen: 'dsa-notices', path: '/admin/dsa-notices', label: __('DSA notices') },
  { screen: 'green-claims', path: '/admin/green-claims', label: __('Green claims') },
  { screen: 'product-safety', path: '/admin/product-safety', label: __('Product safety') },
];

export function parseShopRoute(path: string): { screen: ShopScreen } | null {
  const found = SCREENS.find((entry) => entry.path === path);
  return found ? { screen: found.screen } : null;
}

const mayManageShop = (start: StartData) => start.user.capabilities.includes('manage_shop');

export function ShopNavLinks({ start, current }: { start: StartData; current: string }) {
  if (!mayManageShop(start)) return null;
  return (
    <>
      {SCREENS.map(({ screen, path, label }) => (
        <a
          key={screen}
          href={path}
          aria-current={current === screen ? 'page' : undefined}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            navigate(path);
          }}
        >
          {label}
        </a>
      ))}
    </>
  );
}

export function ShopScreenView({ start, screen }: { start: StartData; screen: string }) {
  if (!SCREENS.some((entry) => entry.screen === screen)) return null;
  if (!mayManageShop(start)) return <p>{__('This screen needs the shop manager\u2019s rights.')}</p>;
  switch (screen as ShopScreen) {
    case 'products':
      return <ProductsScreen />;
    case 'dsa-notices':
      return <DsaNoticesScreen />;
    case 'green-claims':
      return <GreenClaimsScreen />;
    case 'product-safety':
      return <ProductSafetyScreen />;
  }
}
