/** A rental must be started within this many days of payment (behaviour.md §10). */
export const RENTAL_START_WINDOW_DAYS = 30;
/** Once started, a rental can be watched for this many hours. */
export const RENTAL_VIEWING_HOURS = 48;
