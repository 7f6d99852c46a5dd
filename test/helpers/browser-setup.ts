import fs from 'node:fs';
// @ts-expect-error plain ESM helper without types
import { build, buildIsStale } from '../../scripts/build-lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser project: build the client when sources changed; insist on Chromium when REQUIRE_BROWSER=1. */
export default async function setup() {
  const has = fs.existsSync(CHROMIUM);
  if (!has) {
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but Chromium is missing at ${CHROMIUM}`);
    console.warn(`\n!!! Browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium) !!!\n`);
    return;
  }
  if (buildIsStale()) await build({ quiet: true, ifStale: true });
}
