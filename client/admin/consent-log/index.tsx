/**
 * Statistics and consent log: filter by checkbox, form and dates; see shown and accepted per day as a chart; read
 * the log itself (paged by the server) and download the same filtered records as CSV.
 */
import { Button, Notice, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { DataViews, type Field } from '@wordpress/dataviews';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
  CHECKBOX_LOCATIONS,
  type ConsentLogEntry,
  type ConsentLogPage,
  type DailyCounts,
  type RestCheckbox,
} from '../../api/compliance.js';
import { LOCATION_LABELS } from '../checkboxes/checkbox-form.js';
import { consentLogCsvUrl, getConsentLog, getDailyConsentCounts, listCheckboxes } from '../data/checkboxes-api.js';
import { errorMessage } from '../data/rest-error.js';
import { DailyChart } from './daily-chart.js';
import { tableView } from '../components/table-view.js';
import { FITTING_LAYOUTS, useFittingView } from '../components/use-fitting-view.js';
import { formatShopDateTime } from '../locale/shop-time.js';

interface Filter {
  checkbox: string;
  location: string;
  from: string;
  to: string;
}

const fields: Field<ConsentLogEntry & { key: string }>[] = [
  {
    id: 'time',
    label: __('Time'),
    enableSorting: false,
    getValue: ({ item }) => item.time,
    render: ({ item }) => formatShopDateTime(item.time),
  },
  { id: 'label', label: __('Checkbox'), enableSorting: false, getValue: ({ item }) => item.label },
  {
    id: 'location',
    label: __('Form'),
    enableSorting: false,
    getValue: ({ item }) => LOCATION_LABELS[item.location] ?? item.location,
  },
  {
    id: 'accepted',
    label: __('Accepted'),
    enableSorting: false,
    getValue: ({ item }) => (item.accepted ? __('Yes') : __('No')),
  },
  { id: 'reference', label: __('For'), enableSorting: false, getValue: ({ item }) => item.reference ?? '' },
  { id: 'ip', label: __('IP (shortened)'), enableSorting: false, getValue: ({ item }) => item.ip },
];

/** The filter as query arguments: empty ones left out. */
function filterArgs(filter: Filter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
}

export function ConsentLogScreen() {
  const [checkboxes, setCheckboxes] = useState<RestCheckbox[]>([]);
  const [filter, setFilter] = useState<Filter>({ checkbox: '', location: '', from: '', to: '' });
  const [view, setView] = useFittingView(tableView({ fields: fields.map((field) => field.id) }));
  const [days, setDays] = useState<DailyCounts[] | null>(null);
  const [log, setLog] = useState<ConsentLogPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listCheckboxes().then((answer) => setCheckboxes(answer.checkboxes));
  }, []);
  useEffect(() => {
    const args = filterArgs(filter);
    // A manager changing the filters quickly starts several loads; only the last one's answer may be shown, whatever
    // order they come back in (an earlier, unfiltered answer arriving last showed other forms' days).
    let latest = true;
    Promise.all([getDailyConsentCounts(args), getConsentLog(args, view.page ?? 1, view.perPage ?? 20)]).then(
      ([daily, entries]) => {
        if (!latest) return;
        setDays(daily.days);
        setLog(entries);
        setError(null);
      },
      (caught) => latest && setError(errorMessage(caught)),
    );
    return () => {
      latest = false;
    };
  }, [filter, view.page, view.perPage]);
  const set = (change: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setView({ ...view, page: 1 });
  };
  const csvHref = consentLogCsvUrl(filterArgs(filter));
  const perPage = view.perPage ?? 20;
  return (
    <section className="vitrine-admin__screen" aria-labelledby="consent-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="consent-heading">{__('Statistics and consent log')}</h1>
        <Button variant="secondary" href={csvHref} download="consent-log.csv">
          {__('Download CSV')}
        </Button>
      </div>
      <div className="vitrine-filters" role="group" aria-label={__('Filter')}>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Checkbox')}
          value={filter.checkbox}
          options={[
            { value: '', label: __('All checkboxes') },
            ...checkboxes.map((checkbox) => ({
              value: String(checkbox.id),
              label: checkbox.label.length > 60 ? `${checkbox.label.slice(0, 60)}…` : checkbox.label,
            })),
          ]}
          onChange={(checkbox) => set({ checkbox })}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Form')}
          value={filter.location}
          options={[
            { value: '', label: __('All forms') },
            ...CHECKBOX_LOCATIONS.map((location): { value: string; label: string } => ({
              value: location,
              label: LOCATION_LABELS[location]!,
            })),
          ]}
          onChange={(location: string) => set({ location })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="date"
          label={__('From')}
          value={filter.from}
          onChange={(from) => set({ from })}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="date"
          label={__('To')}
          value={filter.to}
          onChange={(to) => set({ to })}
        />
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      <h2>{__('Shown and accepted per day')}</h2>
      {days === null ? <Spinner /> : <DailyChart days={days} />}
      <h2>{__('Consent log')}</h2>
      {log === null ? (
        <Spinner />
      ) : (
        <DataViews<ConsentLogEntry & { key: string }>
          data={log.entries.map((entry, index) => ({ ...entry, key: `${entry.time}-${entry.checkbox_id}-${index}` }))}
          fields={fields}
          view={view}
          onChangeView={setView}
          paginationInfo={{ totalItems: log.total, totalPages: Math.max(1, Math.ceil(log.total / perPage)) }}
          getItemId={(entry) => entry.key}
          defaultLayouts={FITTING_LAYOUTS}
          search={false}
        />
      )}
    </section>
  );
}
