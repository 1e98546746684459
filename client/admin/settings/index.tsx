/**
 * The Settings screen: the four groups of `compliance/v1/settings`, one form each at `/admin/settings/<group>`, and the
 * shipping zones' editor at `/admin/settings/shipping-zones`, the taxes' at `/admin/settings/taxes`, and the ways to pay
 * (read-only: the online providers' keys are the server's environment) at `/admin/settings/payments`. Every
 * field, its type, bounds, label and help come from the discovery index (settings-routes.ts declares them from the
 * settings schema), so adding a setting on the server adds it here.
 */
import { Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { SettingsGroupSummary } from '../../api/compliance.js';
import { listSettingsGroups } from '../data/compliance-api.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { GroupForm } from './group-form.js';
import { PaymentGateways } from './payment-gateways.js';
import { ShippingZonesEditor } from './shipping-zones.js';
import { TaxesEditor } from './taxes.js';

/**
 * A tab beside the settings groups: the shipping zones are a list, not key-value settings (vitrine/v1/shipping/zones).
 */
const SHIPPING_ZONES: SettingsGroupSummary = { id: 'shipping-zones', label: __('Shipping zones'), description: '' };
/** Another: the tax rates and classes (wc/v3/taxes). */
const TAXES: SettingsGroupSummary = { id: 'taxes', label: __('Taxes'), description: '' };
/** And the ways to pay, read-only (wc/v3/payment_gateways). */
const PAYMENTS: SettingsGroupSummary = { id: 'payments', label: __('Payments'), description: '' };

export function SettingsScreen({ part }: { part: string | null }) {
  const [groups, setGroups] = useState<SettingsGroupSummary[] | null>(null);
  useEffect(() => {
    listSettingsGroups().then((answer) => setGroups([...answer.groups, SHIPPING_ZONES, TAXES, PAYMENTS]));
  }, []);
  const current = groups?.find((group) => group.id === part) ?? groups?.[0];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="settings-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="settings-heading">{__('Settings')}</h1>
      </div>
      {!groups || !current ? (
        <Spinner />
      ) : (
        <>
          <nav aria-label={__('Settings groups')} className="vitrine-subnav">
            {groups.map((group) => (
              <a
                key={group.id}
                href={screenPath('settings', group.id)}
                aria-current={group.id === current.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(screenPath('settings', group.id));
                }}
              >
                {group.label}
              </a>
            ))}
          </nav>
          <h2>{current.label}</h2>
          {current === SHIPPING_ZONES ? (
            <ShippingZonesEditor />
          ) : current === TAXES ? (
            <TaxesEditor />
          ) : current === PAYMENTS ? (
            <PaymentGateways />
          ) : (
            <GroupForm key={current.id} group={current} />
          )}
        </>
      )}
    </section>
  );
}
