import type { SQL } from 'drizzle-orm';
import { requireTitle } from '../catalog/catalog.service'; // VIOLATION import-x/no-cycle
import { recent } from './progress.repository';

// Allowed: another module's service, and the query builder's types.
export const resumePoint = (): SQL | string => requireTitle() + String(recent);
