// The number pattern setting's check, the period a pattern makes of a date, and the export's period of local days.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportPeriod } from '../../../server/invoices/export/export-period.js';
import { fromLocalDateTime } from '../../../server/store/local-time.js';
import { invoiceNumber, numberingPeriod, numberPatternProblem } from '../../../server/store/invoice-number-pattern.js';

describe('invoice number patterns', () => {
  it('accept {n} once with {year}, {month} and {day}', () => {
    for (const pattern of ['FV/{year}/{month}/{n}', '{n}/{year}', 'F-{year}{month}{day}-{n}'])
      assert.equal(numberPatternProblem(pattern), null, pattern);
  });

  it('refuse a pattern without {n}, with two, or with an unknown placeholder, saying which', () => {
    assert.match(numberPatternProblem('FV/{year}')!, /must contain \{n\}/);
    assert.match(numberPatternProblem('{n}/{n}')!, /only once/);
    assert.match(numberPatternProblem('FV/{yr}/{n}')!, /not \{yr\}/);
  });

  it('number within the period the rest of the pattern names', () => {
    const period = numberingPeriod('FV/{year}/{month}/{n}', '2026-12-02');
    assert.equal(period, 'FV/2026/12/{n}');
    assert.equal(invoiceNumber(period, 7), 'FV/2026/12/7');
    assert.notEqual(numberingPeriod('FV/{year}/{month}/{n}', '2027-01-01'), period);
    assert.equal(numberingPeriod('{n}/{year}', '2026-01-31'), numberingPeriod('{n}/{year}', '2026-12-01'));
  });
});

describe('the period of an export', () => {
  it('runs from the first local day to the end of the last, included', () => {
    assert.deepEqual(exportPeriod('2026-11-01', '2026-11-30', 'Europe/Warsaw'), {
      from: fromLocalDateTime('2026-11-01T00:00:00', 'Europe/Warsaw'),
      to: fromLocalDateTime('2026-12-01T00:00:00', 'Europe/Warsaw'),
    });
  });

  it('takes instants as they are, and refuses what is no date or an empty period', () => {
    assert.deepEqual(exportPeriod('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', 'Europe/Warsaw'), {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
    });
    assert.throws(() => exportPeriod('last month', '2026-11-30', 'Europe/Warsaw'), /from is not a date/);
    assert.throws(() => exportPeriod('2026-11-30', '2026-11-01', 'Europe/Warsaw'), /must not come before/);
    assert.throws(() => exportPeriod('2026-02-30', '2026-03-01', 'Europe/Warsaw'), /from is not a date/);
  });
});
