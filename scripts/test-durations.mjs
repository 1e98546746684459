// A node:test reporter for scripts/test.mjs: it writes one JSON document, at the end of the run, with the time each
// test file took and the run's closing counts, so that `npm test` can say where the time went and then repeat the
// summary as its last lines (CI reads them there), after the tests that failed and why, so that the end of a long log
// says which test to look at.
//
// A file's time is the sum of its top-level tests and suites. node:test 20 reports no event for a file as a whole;
// it does name, for each test, the file that defined it, so the end-to-end files that run together in one process
// (test/e2e/all.ts) still get a line each. A file's module loading and root-level hooks are not counted.
import path from 'node:path';

/** How many lines of a failure's message the closing list keeps: enough for the assertion and its values. */
const MESSAGE_LINES = 12;

/** The failure's own message, or undefined for a suite or test that failed only because a test inside it did. */
function failureMessage(error) {
  if (!error || error.failureType === 'subtestsFailed') return undefined;
  const cause = error.cause ?? error;
  const text = String(cause?.message ?? cause);
  return text.split('\n').slice(0, MESSAGE_LINES).join('\n');
}

/** The file that defined the event's test, relative to the working directory. */
const fileOf = (event) => (event.data.file ? path.relative(process.cwd(), event.data.file) : '(unknown file)');

export default async function* durations(source) {
  const files = new Map();
  const summary = [];
  const failures = [];
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      const file = fileOf(event);
      const entry = files.get(file) ?? { file, ms: 0, failed: 0 };
      entry.ms += event.data.details?.duration_ms ?? 0;
      if (event.type === 'test:fail') entry.failed += 1;
      files.set(file, entry);
    }
    if (event.type === 'test:fail') {
      const message = failureMessage(event.data.details?.error);
      if (message !== undefined) {
        failures.push({ file: fileOf(event), name: event.data.name, message });
      }
    } else if (event.type === 'test:diagnostic' && event.data.nesting === 0) {
      // The closing counts: "tests 12", "pass 11", "fail 1", …, "duration_ms 1234.5".
      if (/^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$/.test(event.data.message))
        summary.push(event.data.message);
    }
  }
  yield `${JSON.stringify({ files: [...files.values()], failures, summary })}\n`;
}
