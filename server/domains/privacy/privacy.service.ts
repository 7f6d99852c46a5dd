import type { AppDeps } from '../../deps';
import { INACTIVE_YEARS, NOTICE_ITEMS, NOTICE_VERSION } from '../../../shared/rules/privacy-notice';
import type { PrivacyNotice } from '../../../shared/schemas/privacy';

/** GET /api/privacy/notice: the notice, the grievance officer and the answer time (configured, with defaults). */
export function notice(deps: Pick<AppDeps, 'config'>): PrivacyNotice {
  const c = deps.config;
  return {
    version: NOTICE_VERSION,
    items: NOTICE_ITEMS,
    officer: { name: c.PRIVACY_OFFICER_NAME, email: c.PRIVACY_OFFICER_EMAIL, phone: c.PRIVACY_OFFICER_PHONE ?? null },
    answerDays: c.PRIVACY_ANSWER_DAYS,
    inactiveYears: INACTIVE_YEARS,
  };
}
