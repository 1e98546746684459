/**
 * The shipping zones editor (Settings → Shipping zones): each zone's name, its countries chosen from the ISO list
 * (names in the shop's language) and its methods (flat rate with its cost, free shipping from a minimum amount, local
 * pickup with its cost). Saved whole; the server's reason for each refused field shows beside it, the notice names the
 * refused fields by their labels, and the focus moves to the first of them.
 */
import { Button, Notice, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { countryChoices, countryName } from '../../api/countries.js';
import { SHIPPING_METHOD_TYPES, type ShippingMethodType } from '../../api/shipping.js';
import { getSettingsGroup } from '../data/compliance-api.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { useFocusFirstError } from '../components/use-focus-first-error.js';
import { useShippingZones, type ZoneDraft } from './use-shipping-zones.js';
import { zoneFieldLabel } from './zone-field-labels.js';

const METHOD_LABELS: Record<ShippingMethodType, string> = {
  flat_rate: __('Flat rate'),
  free_shipping: __('Free shipping from an amount'),
  local_pickup: __('Local pickup'),
};

/** The shop's locale (general settings), for country names; English until it is read. */
function useShopLocale(): string {
  const [locale, setLocale] = useState('en');
  useEffect(() => {
    getSettingsGroup('general').then((answer) => setLocale(String(answer.settings.locale || 'en')));
  }, []);
  return locale;
}

const fieldError = (errors: Record<string, string>, field: string) =>
  errors[field] ? (
    <span className="vitrine-field-error" role="alert">
      {errors[field]}
    </span>
  ) : undefined;

interface ZoneProps {
  zone: ZoneDraft;
  index: number;
  locale: string;
  /** Countries no zone has yet, by name. */
  free: { code: string; name: string }[];
  errors: Record<string, string>;
  update(change: (zone: ZoneDraft) => void): void;
  remove(): void;
}

function ZoneFields({ zone, index, locale, free, errors, update, remove }: ZoneProps) {
  const at = `zones[${index}]`;
  return (
    <fieldset className="vitrine-zone">
      <legend>{zone.name || __('New zone')}</legend>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Zone name')}
        value={zone.name}
        help={fieldError(errors, `${at}.name`)}
        onChange={(name) => update((draft) => void (draft.name = name))}
      />
      <p className="vitrine-zone__label">{__('Countries')}</p>
      <ul className="vitrine-zone__countries">
        {zone.countries.map((code) => (
          <li key={code}>
            {countryName(code, locale)}{' '}
            <Button
              variant="link"
              isDestructive
              onClick={() =>
                update((draft) => void (draft.countries = draft.countries.filter((other) => other !== code)))
              }
            >
              {sprintf(__('Remove %s'), countryName(code, locale))}
            </Button>
          </li>
        ))}
      </ul>
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={sprintf(__('Add a country to %s'), zone.name || __('the new zone'))}
        value=""
        options={[
          { value: '', label: __('Choose a country') },
          ...free.map((country) => ({ value: country.code, label: country.name })),
        ]}
        help={fieldError(errors, `${at}.countries`)}
        onChange={(code) => code && update((draft) => void draft.countries.push(code))}
      />
      <p className="vitrine-zone__label">{__('Methods')}</p>
      {fieldError(errors, `${at}.methods`)}
      {zone.methods.map((method, methodIndex) => {
        const field = `${at}.methods[${methodIndex}]`;
        const amountField = method.type === 'free_shipping' ? `${field}.min_amount` : `${field}.cost`;
        return (
          <div className="vitrine-zone__method" key={methodIndex}>
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Method')}
              value={method.type}
              help={fieldError(errors, `${field}.type`)}
              options={SHIPPING_METHOD_TYPES.map((type) => ({ value: type, label: METHOD_LABELS[type] }))}
              onChange={(type) =>
                update((draft) => void (draft.methods[methodIndex]!.type = type as ShippingMethodType))
              }
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Title shown to shoppers')}
              value={method.title}
              help={fieldError(errors, `${field}.title`)}
              onChange={(title) => update((draft) => void (draft.methods[methodIndex]!.title = title))}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="text"
              inputMode="decimal"
              value={method.amount}
              label={method.type === 'free_shipping' ? __('Free from an order of') : __('Cost')}
              help={fieldError(errors, amountField)}
              onChange={(amount) => update((draft) => void (draft.methods[methodIndex]!.amount = amount))}
            />
            <Button
              variant="secondary"
              isDestructive
              onClick={() => update((draft) => void draft.methods.splice(methodIndex, 1))}
            >
              {sprintf(__('Remove method %s'), method.title || String(methodIndex + 1))}
            </Button>
          </div>
        );
      })}
      <div className="vitrine-zone__actions">
        <Button
          variant="secondary"
          onClick={() =>
            update((draft) => void draft.methods.push({ id: 0, type: 'flat_rate', title: '', amount: '0' }))
          }
        >
          {__('Add a method')}
        </Button>
        <Button variant="secondary" isDestructive onClick={remove}>
          {sprintf(__('Remove zone %s'), zone.name || String(index + 1))}
        </Button>
      </div>
    </fieldset>
  );
}

export function ShippingZonesEditor() {
  const zones = useShippingZones();
  const locale = useShopLocale();
  const formRef = useRef<HTMLFormElement>(null);
  useLeaveGuard(zones.dirty);
  useFocusFirstError(formRef, zones.errors);
  if (!zones.loaded) return <Spinner />;
  const taken = new Set(zones.draft.flatMap((zone) => zone.countries));
  const free = countryChoices(locale).filter((country) => !taken.has(country.code));
  return (
    <form
      ref={formRef}
      className="vitrine-settings__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void zones.save();
      }}
    >
      <p className="vitrine-help">
        {__(
          'Where the shop delivers and what it costs. The checkout offers the methods of the zone that holds the customer\u2019s country; a country outside every zone cannot order. Without zones, no shipping is charged.',
        )}
      </p>
      {zones.message?.status === 'success' && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{__('Shipping zones saved.')}</span>
        </Notice>
      )}
      {zones.message?.status === 'error' && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">
            {Object.keys(zones.errors).length > 0
              ? sprintf(
                  __('Nothing was saved. Check: %s.'),
                  Object.keys(zones.errors)
                    .map((field) => zoneFieldLabel(field, zones.draft))
                    .join('; '),
                )
              : sprintf(__('Nothing was saved: %s'), zones.message.text)}
          </span>
        </Notice>
      )}
      {zones.draft.map((zone, index) => (
        <ZoneFields
          key={index}
          zone={zone}
          index={index}
          locale={locale}
          free={free}
          errors={zones.errors}
          update={(change) =>
            zones.change((all) => {
              change(all[index]!);
              return all;
            })
          }
          remove={() => zones.change((all) => all.filter((_, at) => at !== index))}
        />
      ))}
      <p>
        <Button
          variant="secondary"
          onClick={() =>
            zones.change((all) => [
              ...all,
              { id: 0, name: '', countries: [], methods: [{ id: 0, type: 'flat_rate', title: '', amount: '0' }] },
            ])
          }
        >
          {__('Add a zone')}
        </Button>
      </p>
      <Button variant="primary" type="submit" isBusy={zones.saving} disabled={zones.saving} accessibleWhenDisabled>
        {__('Save shipping zones')}
      </Button>
      {zones.dirty && <span className="vitrine-editor__state"> {__('Unsaved changes')}</span>}
    </form>
  );
}
