// The closing lines of .ci/run, from the five runners' JSON reports: each failed test with the start of
// its message (the tail of a long log is often all a reader of CI sees), the 10 slowest files, and the
// plain N passed, N failed, N skipped.
import fs from 'node:fs';
import path from 'node:path';

const runs = ['unit', 'integration', 'browser', 'pglite', 'pgbouncer'];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const files = [];
for (const run of runs) {
  const file = `test-results/${run}.json`;
  if (!fs.existsSync(file)) {
    failed++;
    failures.push(`${run}: no report`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    const name = path.relative(process.cwd(), suite.name);
    files.push({ run, name, ms: suite.endTime - suite.startTime });
    if (suite.status === 'failed' && suite.assertionResults.every((a) => a.status !== 'failed')) {
      failures.push(`${run}: ${name}: ${(suite.message || 'failed').split('\n').slice(0, 4).join(' | ')}`);
    }
    for (const a of suite.assertionResults) {
      if (a.status !== 'failed') continue;
      const message = (a.failureMessages[0] ?? '').split('\n').slice(0, 4).join(' | ').slice(0, 500);
      failures.push(`${run}: ${name} > ${a.fullName}\n    ${message}`);
    }
  }
}
console.log('\n== slowest files');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.run.padEnd(11)} ${f.name}`);
}
if (failures.length) {
  console.log('\n== failed');
  for (const f of failures) console.log(f);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
