import { card } from '../modules/catalog/catalog.service';

// Allowed: the demo reaches a module through its service.
export const seedDemo = () => card();
