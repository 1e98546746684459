/**
 * The Taxes editor (Settings → Taxes): the shop's tax rates (country, postcodes, percent, name, class, priority,
 * whether it applies to delivery), each saved on its own, and the tax classes products are filed under. Through
 * `wc/v3/taxes`; the server's reason for each refused field shows beside it, and a refused save changes nothing.
 */
import { Button, CheckboxControl, Notice, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { STANDARD_TAX_CLASS, type TaxClass, type WcTaxRate } from '../../api/taxes.js';
import {
  createTaxClass,
  createTaxRate,
  deleteTaxClass,
  deleteTaxRate,
  listTaxClasses,
  listTaxRates,
  type TaxRateFields,
  updateTaxRate,
} from '../data/taxes-api.js';
import { RestRequestError } from '../data/rest-error.js';
import { EuSales } from './eu-sales.js';

interface RateDraft {
  country: string;
  /** Postcodes as typed, separated by commas. */
  postcodes: string;
  rate: string;
  name: string;
  class: string;
  priority: string;
  shipping: boolean;
}

const NEW_RATE: RateDraft = {
  country: 'PL',
  postcodes: '',
  rate: '',
  name: '',
  class: STANDARD_TAX_CLASS,
  priority: '1',
  shipping: true,
};

const draftOf = (rate: WcTaxRate): RateDraft => ({
  country: rate.country,
  postcodes: rate.postcodes.join(', '),
  // "23.0000" reads as "23".
  rate: String(Number(rate.rate)),
  name: rate.name,
  class: rate.class,
  priority: String(rate.priority),
  shipping: rate.shipping,
});

const fieldsOf = (draft: RateDraft): TaxRateFields => ({
  country: draft.country.trim(),
  postcodes: draft.postcodes
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean),
  // The shop's decimal comma is the API's dot.
  rate: draft.rate.trim().replace(',', '.'),
  name: draft.name.trim(),
  class: draft.class,
  // What is no number goes as typed, for the server to refuse by name.
  priority: (/^\d+$/.test(draft.priority.trim()) ? Number(draft.priority) : draft.priority) as number,
  shipping: draft.shipping,
});

type Outcome = { status: 'success' | 'error'; text: string } | null;

const fieldError = (errors: Record<string, string>, field: string) =>
  errors[field] ? (
    <span className="vitrine-field-error" role="alert">
      {errors[field]}
    </span>
  ) : undefined;

interface RateFormProps {
  /** The rate as saved; null for a new one. */
  rate: WcTaxRate | null;
  classes: TaxClass[];
  /** Called after a save or delete, with what to tell the manager. */
  done(text: string): Promise<void>;
  failed(text: string): void;
}

function RateForm({ rate, classes, done, failed }: RateFormProps) {
  const [draft, setDraft] = useState<RateDraft>(rate ? draftOf(rate) : NEW_RATE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = rate ? rate.name || `#${rate.id}` : __('the new rate');
  const set = (change: Partial<RateDraft>) => setDraft((current) => ({ ...current, ...change }));
  const act = async (work: () => Promise<unknown>, text: string) => {
    setBusy(true);
    try {
      await work();
      setErrors({});
      if (!rate) setDraft(NEW_RATE);
      await done(text);
    } catch (caught) {
      const error = caught instanceof RestRequestError ? caught : null;
      setErrors(error?.fields ?? {});
      failed((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="vitrine-tax-rate"
      noValidate
      aria-label={rate ? sprintf(__('Tax rate %s'), label) : __('New tax rate')}
      onSubmit={(event) => {
        event.preventDefault();
        void act(
          () => (rate ? updateTaxRate(rate.id, fieldsOf(draft)) : createTaxRate(fieldsOf(draft))),
          rate ? sprintf(__('Tax rate %s saved.'), draft.name || label) : __('Tax rate added.'),
        );
      }}
    >
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Country code (empty: every country)')}
        value={draft.country}
        help={fieldError(errors, 'country')}
        onChange={(country) => set({ country })}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Postcodes (e.g. 00-*, empty: every postcode)')}
        value={draft.postcodes}
        help={fieldError(errors, 'postcodes')}
        onChange={(postcodes) => set({ postcodes })}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Rate (%)')}
        inputMode="decimal"
        value={draft.rate}
        help={fieldError(errors, 'rate')}
        onChange={(value) => set({ rate: value })}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Name shown to customers')}
        value={draft.name}
        help={fieldError(errors, 'name')}
        onChange={(name) => set({ name })}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Tax class')}
        value={draft.class}
        help={fieldError(errors, 'class')}
        options={classes.map((taxClass) => ({ value: taxClass.slug, label: taxClass.name }))}
        onChange={(value) => set({ class: value })}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Priority')}
        inputMode="numeric"
        value={draft.priority}
        help={fieldError(errors, 'priority')}
        onChange={(priority) => set({ priority })}
      />
      <CheckboxControl
        __nextHasNoMarginBottom
        label={__('Also applies to delivery')}
        checked={draft.shipping}
        onChange={(shipping) => set({ shipping })}
      />
      <div className="vitrine-tax-rate__actions">
        <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
          {rate ? sprintf(__('Save %s'), label) : __('Add the rate')}
        </Button>
        {rate && (
          <Button
            variant="secondary"
            isDestructive
            disabled={busy}
            accessibleWhenDisabled
            onClick={() => void act(() => deleteTaxRate(rate.id), sprintf(__('Tax rate %s deleted.'), label))}
          >
            {sprintf(__('Delete %s'), label)}
          </Button>
        )}
      </div>
    </form>
  );
}

function ClassesEditor({ classes, done, failed }: Omit<RateFormProps, 'rate'>) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const act = async (work: () => Promise<unknown>, text: string) => {
    try {
      await work();
      setError(undefined);
      await done(text);
    } catch (caught) {
      setError((caught as Error).message);
      failed((caught as Error).message);
    }
  };
  return (
    <section aria-labelledby="tax-classes-heading">
      <h3 id="tax-classes-heading">{__('Tax classes')}</h3>
      <ul className="vitrine-tax-classes">
        {classes.map((taxClass) => (
          <li key={taxClass.slug}>
            {taxClass.name} <code>{taxClass.slug}</code>{' '}
            {taxClass.slug !== STANDARD_TAX_CLASS && (
              <Button
                variant="link"
                isDestructive
                onClick={() =>
                  void act(() => deleteTaxClass(taxClass.slug), sprintf(__('Tax class %s deleted.'), taxClass.name))
                }
              >
                {sprintf(__('Delete %s and its rates'), taxClass.name)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => createTaxClass(name), sprintf(__('Tax class %s added.'), name)).then(() => setName(''));
        }}
      >
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('New tax class')}
          value={name}
          help={error}
          onChange={setName}
        />
        <Button variant="secondary" type="submit">
          {__('Add the class')}
        </Button>
      </form>
    </section>
  );
}

export function TaxesEditor() {
  const [rates, setRates] = useState<WcTaxRate[] | null>(null);
  const [classes, setClasses] = useState<TaxClass[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = async () => {
    const [nextRates, nextClasses] = await Promise.all([listTaxRates(), listTaxClasses()]);
    setRates(nextRates);
    setClasses(nextClasses);
  };
  useEffect(() => {
    void reload();
  }, []);
  if (!rates) return <Spinner />;
  const done = async (text: string) => {
    setOutcome({ status: 'success', text });
    await reload();
  };
  const failed = (text: string) => setOutcome({ status: 'error', text });
  return (
    <div className="vitrine-settings__form">
      <p className="vitrine-help">
        {__(
          'The VAT the shop charges. A product takes the rate of its tax class in the customer\u2019s country; delivery follows the goods\u2019 rates (Settings \u2192 Checkout: VAT on delivery).',
        )}
      </p>
      {outcome?.status === 'success' && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{outcome.text}</span>
        </Notice>
      )}
      {outcome?.status === 'error' && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">{sprintf(__('Nothing was saved: %s'), outcome.text)}</span>
        </Notice>
      )}
      <h3>{__('Tax rates')}</h3>
      {rates.map((rate) => (
        <RateForm
          key={`${rate.id}-${rate.rate}-${rate.name}`}
          rate={rate}
          classes={classes}
          done={done}
          failed={failed}
        />
      ))}
      <h3>{__('Add a tax rate')}</h3>
      <RateForm rate={null} classes={classes} done={done} failed={failed} />
      <ClassesEditor classes={classes} done={done} failed={failed} />
      <EuSales done={done} failed={failed} />
    </div>
  );
}
