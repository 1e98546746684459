/**
 * Settings → Payments: every way to pay the checkout offers, read-only. Bank transfer and cash on delivery are always
 * offered (their account and fee are edited in the Checkout settings); each online provider says whether it is
 * configured, whether its keys are test or live ones, its keys masked, and the address its messages come to, with the
 * environment variable each value is set by (the server's description of the setting). Secrets are never writable
 * here, and the server never sends them whole.
 */
import { Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { WcFormSetting, WcPaymentGateway } from '../../api/wc-store.js';
import { listPaymentGateways } from '../data/payment-gateways-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { formatApiMoney } from '../locale/shop-number.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';

const ONLINE = new Set(['stripe', 'przelewy24']);
/** WooCommerce's settings every gateway has, said by the card's heading and status instead. */
const SAID_ELSEWHERE = new Set(['enabled', 'title', 'description', 'testmode', 'hold_minutes']);
/** The settings whose value is an address to copy into the provider's dashboard. */
const ADDRESSES = new Set(['webhook_url', 'notify_url']);

function SettingValue({ setting }: { setting: WcFormSetting }) {
  if (setting.value === '') return <em>{__('Not set')}</em>;
  if (ADDRESSES.has(setting.id)) return <code>{setting.value}</code>;
  if (setting.type === 'price') return <>{formatApiMoney(setting.value)}</>;
  return <>{setting.value}</>;
}

function GatewayStatus({ gateway }: { gateway: WcPaymentGateway }) {
  if (!ONLINE.has(gateway.id)) return <p className="vitrine-payment-gateway__status">{__('Always offered')}</p>;
  if (!gateway.enabled)
    return (
      <p className="vitrine-payment-gateway__status">
        {__(
          'Not configured: not offered at checkout. Set the variables below in the server’s environment and restart it.',
        )}
      </p>
    );
  const test = gateway.settings.testmode?.value === 'yes';
  return (
    <p className="vitrine-payment-gateway__status">
      {__('Configured: offered at checkout.')}{' '}
      <strong className={test ? 'is-test' : 'is-live'}>
        {test ? __('Test mode: no real money is taken.') : __('Live mode: real payments.')}
      </strong>
    </p>
  );
}

function GatewayCard({ gateway }: { gateway: WcPaymentGateway }) {
  const headingId = `payment-gateway-${gateway.id}`;
  const shown = Object.values(gateway.settings).filter((setting) => !SAID_ELSEWHERE.has(setting.id));
  return (
    <section className="vitrine-payment-gateway" aria-labelledby={headingId}>
      <h3 id={headingId}>{gateway.method_title}</h3>
      <GatewayStatus gateway={gateway} />
      <p>{gateway.method_description}</p>
      <dl className="vitrine-term-grid">
        {shown.map((setting) => (
          <div key={setting.id}>
            <dt>{setting.label}</dt>
            <dd>
              <SettingValue setting={setting} />
              {setting.description && <p className="vitrine-payment-gateway__help">{setting.description}</p>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PaymentGateways() {
  const { data, error } = useRestData(listPaymentGateways);
  if (error)
    return (
      <Notice status="error" isDismissible={false}>
        {error}
      </Notice>
    );
  if (!data) return <Spinner />;
  return (
    <>
      <p>
        {__(
          'Online providers are configured by environment variables of the server, read when it starts: their keys are never stored in the shop’s data, and are shown here masked. The bank account, the cash on delivery fee and how long an unpaid online payment holds its stock are in the',
        )}{' '}
        <AdminLink href={screenPath('settings', 'checkout')}>{__('Checkout settings')}</AdminLink>.
      </p>
      {data.map((gateway) => (
        <GatewayCard key={gateway.id} gateway={gateway} />
      ))}
    </>
  );
}
