import { describePlace } from '../../../../core/permissions';
import type { PageKey } from '../../../../core/schemas';

/** A page as live notices name it: "JD GB home" (core/live.ts describeLiveMove). */
export const livePageName = (key: PageKey): string => `${describePlace(key)} ${key.page}`;
